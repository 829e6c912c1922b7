import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { verwaltungSaveBodySchema, type VerwaltungEintrag, type VerwaltungSaveBody } from '@dihs/contract/verwaltung';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useDeleteEintrag, useSaveEintrag, useVerwaltungListe, type VerwaltungListe } from '../api/verwaltung-api.ts';

interface EintragListeProps {
  liste: Extract<VerwaltungListe, 'befunde' | 'inhalte'>;
  type: string;
  titel: string;
  /** Label of one field, e.g. "Befund". */
  feld: string;
  onError: (message: string) => void;
}

/** The field for a new entry may stay empty: nothing is saved then, and nothing is wrong. */
const newEntrySchema = z
  .custom<VerwaltungSaveBody>()
  .transform((entry) => (entry.value.trim() === '' ? undefined : entry))
  .pipe(verwaltungSaveBodySchema.optional());

/** One entry: edited in place, saved when the field is left (or Enter) with a changed, valid value. */
function EintragFeld(props: {
  eintrag: VerwaltungEintrag | null;
  type: string;
  label: string;
  onError: (message: string) => void;
}) {
  const { eintrag, type, label, onError } = props;
  const save = useSaveEintrag();
  const remove = useDeleteEintrag();
  const { control, handleSubmit, watch, reset } = useContractForm(eintrag ? verwaltungSaveBodySchema : newEntrySchema, {
    id: eintrag?.id ?? null,
    type,
    value: eintrag?.value ?? '',
  });
  const changed = watch('value').trim() !== (eintrag?.value ?? '');

  const commit = () => {
    if (!changed) return;
    void handleSubmit((entry) =>
      save.mutate(entry, {
        onSuccess: () => {
          if (!eintrag) reset();
        },
        onError: (error) => onError(error.message),
      }),
    )();
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <FormTextField
        control={control}
        name="value"
        label={eintrag ? label : `Neuer Eintrag: ${label}`}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        helperText=" "
        disabled={save.isPending}
        margin="none"
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
