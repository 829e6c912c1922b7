import {
  firmaSetzenPatientBodySchema,
  KEINE_FIRMA_ID,
  KEINE_FIRMA_LABEL,
  type FirmaZugehoerigkeit,
} from '@dihs/contract/firma';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import { FormTextField } from '../../../components/form-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
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

/** The choice as the save sends it (the same rule for patients and therapists). */
const firmaFormSchema = firmaSetzenPatientBodySchema.pick({ firmaId: true });

/** The company affiliation; "Keine Firmenzugehörigkeit" removes it (firmaId -1). */
export function CompanyEditor({ userId, role, editable, lockedReason }: CompanyEditorProps) {
  const current = useFirmaVon(role, userId);
  const firmen = useFirmenAuswahl(editable);
  const refresh = useRefreshKonto();
  const currentId = current.data?.id ?? KEINE_FIRMA_ID;
  const { control, formState, getValues, reset } = useContractForm(firmaFormSchema, { firmaId: currentId });
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
        <FormTextField control={control} name="firmaId" select label="Firma" parse={(text) => Number(text)}>
          <MenuItem value={KEINE_FIRMA_ID}>{KEINE_FIRMA_LABEL}</MenuItem>
          {options.map((firma) => (
            <MenuItem key={firma.id} value={firma.id}>
              {firma.bezeichner}
            </MenuItem>
          ))}
        </FormTextField>
      }
      editable={editable && firmen.isSuccess && current.isSuccess}
      lockedReason={lockedReason}
      valid={formState.isValid}
      dirty={formState.isDirty}
      onStartEdit={() => reset({ firmaId: currentId })}
      onDiscard={() => reset({ firmaId: currentId })}
      onSave={async () => {
        const { firmaId } = getValues();
        const bezeichner = options.find((firma) => firma.id === firmaId)?.bezeichner ?? KEINE_FIRMA_LABEL;
        await setFirma(role, userId, firmaId, bezeichner);
        await refresh();
      }}
    />
  );
}
