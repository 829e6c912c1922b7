import { KEINE_FIRMA_ID, KEINE_FIRMA_LABEL, type FirmaZugehoerigkeit } from '@dihs/contract/firma';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId, useState } from 'react';
import { setFirma, useFirmaVon, useFirmenAuswahl, useRefreshKonto } from '../api/konto-api.ts';
import { EditSection, ValueText } from './edit-section.tsx';

interface CompanyEditorProps {
  userId: number;
  role: 'patient' | 'therapeut';
  /** Only operators change affiliations, never their own (spec 1, section 5). */
  editable: boolean;
  lockedReason?: string | undefined;
}

/** The company's logo beside its name, linked where the company gave a link (spec 3 company fields). */
function FirmenLogo({ firma }: { firma: FirmaZugehoerigkeit }) {
  const bild = (
    <Box
      component="img"
      src={firma.logoPath ?? ''}
      alt={`Logo ${firma.bezeichner}`}
      sx={{ height: 32, maxWidth: 160, objectFit: 'contain', verticalAlign: 'middle', ml: 1 }}
    />
  );
  if (!firma.logoLink) return bild;
  return (
    <Link
      href={firma.logoLink}
      {...(firma.linkTarget ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      aria-label={`Website von ${firma.bezeichner}`}
    >
      {bild}
    </Link>
  );
}

/** The company affiliation; "Keine Firmenzugehörigkeit" removes it (firmaId -1). */
export function CompanyEditor({ userId, role, editable, lockedReason }: CompanyEditorProps) {
  const current = useFirmaVon(role, userId);
  const firmen = useFirmenAuswahl(editable);
  const refresh = useRefreshKonto();
  const [selected, setSelected] = useState<number>(KEINE_FIRMA_ID);
  const labelId = useId();
  const currentId = current.data?.id ?? KEINE_FIRMA_ID;
  const options = firmen.data ?? [];

  return (
    <EditSection
      label="Firmenzugehörigkeit"
      view={
        <ValueText>
          {current.isPending ? '…' : (current.data?.bezeichner ?? KEINE_FIRMA_LABEL)}
          {current.data?.logoPath && <FirmenLogo firma={current.data} />}
        </ValueText>
      }
      editor={
        <FormControl fullWidth margin="dense">
          <InputLabel id={labelId}>Firma</InputLabel>
          <Select<number>
            labelId={labelId}
            label="Firma"
            value={selected}
            onChange={(event) => setSelected(Number(event.target.value))}
          >
            <MenuItem value={KEINE_FIRMA_ID}>{KEINE_FIRMA_LABEL}</MenuItem>
            {options.map((firma) => (
              <MenuItem key={firma.id} value={firma.id}>
                {firma.bezeichner}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      }
      editable={editable && firmen.isSuccess && current.isSuccess}
      lockedReason={lockedReason}
      valid
      dirty={selected !== currentId}
      onStartEdit={() => setSelected(currentId)}
      onDiscard={() => setSelected(currentId)}
      onSave={async () => {
        const bezeichner = options.find((firma) => firma.id === selected)?.bezeichner ?? KEINE_FIRMA_LABEL;
        await setFirma(role, userId, selected, bezeichner);
        await refresh();
      }}
    />
  );
}
