import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { verwaltungSaveBodySchema, type VerwaltungEintrag } from '@dihs/contract/verwaltung';
import { useState } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { useDeleteEintrag, useSaveEintrag, useVerwaltungListe, type VerwaltungListe } from '../api/verwaltung-api.ts';

interface EintragListeProps {
  liste: Extract<VerwaltungListe, 'befunde' | 'inhalte'>;
  type: string;
  titel: string;
  /** Label of one field, e.g. "Befund". */
  feld: string;
  onError: (message: string) => void;
}

/** The first message of the contract's rules for this value, or null when it may be saved. */
function fehlerVon(type: string, value: string): string | null {
  const result = verwaltungSaveBodySchema.safeParse({ type, value });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** One entry: edited in place, saved when the field is left (or Enter) with a changed, valid value. */
function EintragFeld(props: {
  eintrag: VerwaltungEintrag | null;
  type: string;
  label: string;
  onError: (message: string) => void;
}) {
  const { eintrag, type, label, onError } = props;
  const [value, setValue] = useState(eintrag?.value ?? '');
  const save = useSaveEintrag();
  const remove = useDeleteEintrag();
  const changed = value.trim() !== (eintrag?.value ?? '');
  const fehler = value.trim() === '' && !eintrag ? null : fehlerVon(type, value);

  const commit = () => {
    if (!changed || fehler) return;
    save.mutate(
      { id: eintrag?.id ?? null, type, value },
      {
        onSuccess: () => {
          if (!eintrag) setValue('');
        },
        onError: (error) => onError(error.message),
      },
    );
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label={eintrag ? label : `Neuer Eintrag: ${label}`}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        error={Boolean(fehler) && changed}
        helperText={changed && fehler ? fehler : ' '}
        disabled={save.isPending}
        fullWidth
        size="small"
      />
      {eintrag && (
        <IconButton
          aria-label={`${label} „${eintrag.value}“ löschen`}
          onClick={() => remove.mutate(eintrag.id, { onError: (error) => onError(error.message) })}
          disabled={remove.isPending}
        >
          <DeleteIcon />
        </IconButton>
      )}
    </Stack>
  );
}

/** A list of Befunde or Einzeltermin-Inhalte with one empty field for a new entry (spec 3 "Application settings"). */
export function EintragListe({ liste, type, titel, feld, onError }: EintragListeProps) {
  const { data, isPending, isError } = useVerwaltungListe(liste);
  return (
    <section aria-label={titel}>
      <Typography variant="h6" component="h2" gutterBottom>
        {titel}
      </Typography>
      {isPending && <LoadingIndicator label={`${titel} werden geladen`} />}
      {isError && <Typography color="error">Die Liste konnte nicht geladen werden.</Typography>}
      {data && (
        <Stack spacing={0.5}>
          {data.map((eintrag) => (
            <EintragFeld
              key={`${eintrag.id}:${eintrag.value}`}
              eintrag={eintrag}
              type={type}
              label={feld}
              onError={onError}
            />
          ))}
          <EintragFeld key={`neu:${data.length}`} eintrag={null} type={type} label={feld} onError={onError} />
        </Stack>
      )}
    </section>
  );
}
