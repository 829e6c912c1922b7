import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { verwaltungSaveBodySchema, type VerwaltungEintrag, type VerwaltungSaveBody } from '@dihs/contract/verwaltung';
import { useRef } from 'react';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { savedText, useSaveNotice, useSavedRow } from '../../../components/save-notice.tsx';
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
  /** The list's name for the saved-entry mark (save-notice.tsx). */
  liste: string;
  /** Just saved: the field says so under it. */
  marked: boolean;
  onError: (message: string) => void;
}) {
  const { eintrag, type, label, liste, marked, onError } = props;
  const save = useSaveEintrag();
  const remove = useDeleteEintrag();
  const notify = useSaveNotice();
  const { control, handleSubmit, watch, reset } = useContractForm(eintrag ? verwaltungSaveBodySchema : newEntrySchema, {
    id: eintrag?.id ?? null,
    type,
    value: eintrag?.value ?? '',
  });
  const value = watch('value').trim();
  const changed = value !== (eintrag?.value ?? '');
  // Enter saves, and the field then loses focus (it is disabled while saving): that blur must not send the same
  // value again. The value sent last is kept until it failed, so only a new value or a retry after an error saves.
  const sent = useRef<string | null>(null);

  const commit = () => {
    if (!changed || sent.current === value) return;
    sent.current = value;
    const forget = () => {
      sent.current = null;
    };
    // mutateAsync, not mutate's callbacks: the list read again after the save gives the new-entry field a new key,
    // and a field unmounted by then would never hear of its success (no snackbar, seen under load)
    void handleSubmit(
      (entry) =>
        save.mutateAsync(entry).then(
          (saved) => {
            if (!eintrag) reset();
            notify({ text: savedText(label, saved.value, !eintrag), row: { list: liste, id: saved.id } });
          },
          (error: Error) => {
            forget();
            onError(error.message);
          },
        ),
      forget,
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
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        helperText={marked ? 'Gerade gespeichert' : ' '}
        disabled={save.isPending}
        margin="none"
        size="small"
      />
      {eintrag && (
        <IconButton
          aria-label={`${label} „${eintrag.value}“ löschen`}
          onClick={() =>
            // the deleted entry's field leaves the list: its success is heard through the promise (see commit)
            void remove.mutateAsync(eintrag.id).then(
              () => notify({ text: `${label} „${eintrag.value}“ wurde gelöscht.` }),
              (error: Error) => onError(error.message),
            )
          }
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
  const savedId = useSavedRow(`verwaltung-${liste}`);
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
              liste={`verwaltung-${liste}`}
              marked={eintrag.id === savedId}
              onError={onError}
            />
          ))}
          <EintragFeld
            key={`neu:${data.length}`}
            eintrag={null}
            type={type}
            label={feld}
            liste={`verwaltung-${liste}`}
            marked={false}
            onError={onError}
          />
        </Stack>
      )}
    </section>
  );
}
