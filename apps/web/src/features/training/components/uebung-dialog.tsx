import { MESSAGES } from '@dihs/contract/common/messages';
import { TRAINING_LIMITS, TRAINING_TEXTS, uebungFieldsSchema, type Uebung } from '@dihs/contract/training';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { SaveFormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { savedText, useSavedAndClose } from '../../../components/save-notice.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useUebungLoeschen, useUebungSpeichern } from '../api/training-api.ts';

const LEER = { titel: '', beschreibung: '', videoUrl: '' };

/** "Neue Übung" (uebung null) or an existing one: Speichern, Zurück, "Formular Leeren", Löschen (spec 3). */
export function UebungDialog({ uebung, onClose }: { uebung: Uebung | null; onClose: () => void }) {
  const save = useUebungSpeichern();
  const savedAndClose = useSavedAndClose(onClose);
  const remove = useUebungLoeschen();
  const [deleteRefusal, setDeleteRefusal] = useState<string | null>(null);
  const form = useContractForm(
    uebungFieldsSchema,
    uebung ? { titel: uebung.titel, beschreibung: uebung.beschreibung, videoUrl: uebung.videoUrl } : LEER,
    { save },
  );
  const { control, reset } = form;
  const pending = save.isPending || remove.isPending;
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
      <SaveFormDialog
        title={uebung ? 'Übung bearbeiten' : 'Neue Übung'}
        maxWidth="sm"
        form={form}
        save={save}
        busy={remove.isPending}
        onSave={(fields) =>
          save.mutate(
            { body: { id: uebung?.id ?? 0, ...fields } },
            { onSuccess: () => savedAndClose({ text: savedText('Übung', fields.titel, uebung === null) }) },
          )
        }
        onClose={onClose}
        refusedWith={[400, 404]}
        cancelLabel="Zurück"
        actions={
          <>
            {uebung && (
              <Button color="error" onClick={loeschen} disabled={pending} sx={{ mr: 'auto' }}>
                Löschen
              </Button>
            )}
            <Button onClick={() => reset(LEER)} disabled={pending}>
              Formular Leeren
            </Button>
          </>
        }
      >
        <Stack spacing={1} sx={{ pt: 1 }}>
          <FormTextField control={control} name="titel" label="Titel" required autoFocus max={TRAINING_LIMITS.titel} />
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
      </SaveFormDialog>
      <MessageDialog
        open={deleteRefusal !== null}
        title={TRAINING_TEXTS.nichtLoeschbarTitel}
        text={deleteRefusal ?? ''}
        onClose={() => setDeleteRefusal(null)}
      />
    </>
  );
}
