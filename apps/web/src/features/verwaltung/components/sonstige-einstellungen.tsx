import CheckIcon from '@mui/icons-material/Check';
import UndoIcon from '@mui/icons-material/Undo';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { settingInfo, verwaltungSaveBodySchema, type VerwaltungEintrag } from '@dihs/contract/verwaltung';
import { FormTextField } from '../../../components/form-fields.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { useSaveNotice } from '../../../components/save-notice.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useSaveEintrag, useVerwaltungListe } from '../api/verwaltung-api.ts';

/** One general setting: a multi-line field with its German name and help text, with revert and confirm icons. */
function EinstellungFeld({ eintrag, onError }: { eintrag: VerwaltungEintrag; onError: (message: string) => void }) {
  const save = useSaveEintrag();
  const { control, handleSubmit, formState, watch, reset } = useContractForm(verwaltungSaveBodySchema, {
    id: eintrag.id,
    type: eintrag.type,
    value: eintrag.value,
  });
  const changed = watch('value') !== eintrag.value;
  // the spec labels a field by its type; the screen says it in German (SETTINGS_CATALOG), never the raw key
  const { label, help } = settingInfo(eintrag.type);
  const notify = useSaveNotice();
  const submit = handleSubmit((entry) =>
    save.mutate(entry, {
      onSuccess: () => notify({ text: `„${label}“ wurde gespeichert.` }),
      onError: (error) => onError(error.message),
    }),
  );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <FormTextField
        control={control}
        name="value"
        label={label}
        multiline
        minRows={2}
        helperText={help || ' '}
        margin="none"
      />
      <IconButton aria-label={`${label} zurücksetzen`} onClick={() => reset()} disabled={!changed}>
        <UndoIcon />
      </IconButton>
      <IconButton
        aria-label={`${label} speichern`}
        disabled={!changed || !formState.isValid || save.isPending}
        onClick={() => void submit()}
      >
        <CheckIcon />
      </IconButton>
    </Stack>
  );
}

export function SonstigeEinstellungen({ onError }: { onError: (message: string) => void }) {
  const { data, isPending, isError } = useVerwaltungListe('sonstige');
  return (
    <section aria-label="Sonstige Einstellungen">
      <Typography variant="h6" component="h2" gutterBottom>
        Sonstige Einstellungen
      </Typography>
      {isPending && <LoadingIndicator label="Einstellungen werden geladen" />}
      {isError && <Typography color="error">Die Einstellungen konnten nicht geladen werden.</Typography>}
      {data?.length === 0 && <Typography>Keine Einstellungen vorhanden.</Typography>}
      <Stack spacing={1}>
        {data?.map((eintrag) => (
          <EinstellungFeld key={`${eintrag.id}:${eintrag.value}`} eintrag={eintrag} onError={onError} />
        ))}
      </Stack>
    </section>
  );
}
