import CheckIcon from '@mui/icons-material/Check';
import UndoIcon from '@mui/icons-material/Undo';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { verwaltungSaveBodySchema, type VerwaltungEintrag } from '@dihs/contract/verwaltung';
import { useState } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { useSaveEintrag, useVerwaltungListe } from '../api/verwaltung-api.ts';

/** One general setting: a multi-line field labelled by its type, with revert and confirm icons. */
function EinstellungFeld({ eintrag, onError }: { eintrag: VerwaltungEintrag; onError: (message: string) => void }) {
  const [value, setValue] = useState(eintrag.value);
  const save = useSaveEintrag();
  const changed = value !== eintrag.value;
  const result = verwaltungSaveBodySchema.safeParse({ id: eintrag.id, type: eintrag.type, value });
  const fehler = result.success ? null : (result.error.issues[0]?.message ?? null);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label={eintrag.type}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        error={changed && Boolean(fehler)}
        helperText={changed && fehler ? fehler : ' '}
      />
      <IconButton
        aria-label={`${eintrag.type} zurücksetzen`}
        onClick={() => setValue(eintrag.value)}
        disabled={!changed}
      >
        <UndoIcon />
      </IconButton>
      <IconButton
        aria-label={`${eintrag.type} speichern`}
        disabled={!changed || Boolean(fehler) || save.isPending}
        onClick={() =>
          save.mutate({ id: eintrag.id, type: eintrag.type, value }, { onError: (error) => onError(error.message) })
        }
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
