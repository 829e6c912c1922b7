import { MESSAGES } from '@dihs/contract/common/messages';
import { TRAINING_LIMITS, TRAINING_TEXTS, uebungFieldsSchema, type Uebung } from '@dihs/contract/training';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { FormTextField } from '../../../components/form-fields.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useUebungLoeschen, useUebungSpeichern } from '../api/training-api.ts';

const LEER = { titel: '', beschreibung: '', videoUrl: '' };

/** "Neue Übung" (uebung null) or an existing one: Speichern, Zurück, "Formular Leeren", Löschen (spec 3). */
export function UebungDialog({ uebung, onClose }: { uebung: Uebung | null; onClose: () => void }) {
  const titleId = useId();
  const save = useUebungSpeichern();
  const remove = useUebungLoeschen();
  const [deleteRefusal, setDeleteRefusal] = useState<string | null>(null);
  const { control, handleSubmit, formState, reset } = useContractForm(
    uebungFieldsSchema,
    uebung ? { titel: uebung.titel, beschreibung: uebung.beschreibung, videoUrl: uebung.videoUrl } : LEER,
    { save },
  );
  const pending = save.isPending || remove.isPending;
  const submit = handleSubmit((fields) => {
    if (pending) return;
    save.mutate({ body: { id: uebung?.id ?? 0, ...fields } }, { onSuccess: onClose });
  });
  const loeschen = () =>
    uebung &&
    remove.mutate(
      { params: { id: uebung.id } },
      {
        onSuccess: onClose,
        onError: (error) => setDeleteRefusal(isApiError(error, 404, 409) ? error.message : MESSAGES.netzwerkfehlerText),
      },
    );

  return (
    <>
      <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit(event);
          }}
        >
          <DialogTitle id={titleId}>{uebung ? 'Übung bearbeiten' : 'Neue Übung'}</DialogTitle>
          <DialogContent>
            <Stack spacing={1} sx={{ pt: 1 }}>
              <FormTextField
                control={control}
                name="titel"
                label="Titel"
                required
                autoFocus
                max={TRAINING_LIMITS.titel}
              />
              <FormTextField
                control={control}
                name="beschreibung"
                label="Beschreibung"
                required
                multiline
                minRows={3}
                max={TRAINING_LIMITS.beschreibung}
              />
              <FormTextField
                control={control}
                name="videoUrl"
                label="Video-Url"
                required
                max={TRAINING_LIMITS.videoUrl}
                helperText="Link zu Vimeo oder YouTube, z. B. https://vimeo.com/76979871"
              />
            </Stack>
            {isApiError(save.error, 400, 404) && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {save.error.message}
              </Alert>
            )}
            {save.isError && !isApiError(save.error, 400, 404) && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {MESSAGES.netzwerkfehlerText}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            {uebung && (
              <Button color="error" onClick={loeschen} disabled={pending} sx={{ mr: 'auto' }}>
                Löschen
              </Button>
            )}
            <Button onClick={() => reset(LEER)} disabled={pending}>
              Formular Leeren
            </Button>
            <Button onClick={onClose} disabled={pending}>
              Zurück
            </Button>
            <Button type="submit" variant="contained" disabled={!formState.isValid} loading={save.isPending}>
              Speichern
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <MessageDialog
        open={deleteRefusal !== null}
        title={TRAINING_TEXTS.nichtLoeschbarTitel}
        text={deleteRefusal ?? ''}
        onClose={() => setDeleteRefusal(null)}
      />
    </>
  );
}
