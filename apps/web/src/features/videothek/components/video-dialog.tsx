import {
  VIDEO_LIMITS,
  VIDEOTHEK_TEXTS,
  videoFieldsSchema,
  videothekEndpoints,
  type Video,
} from '@dihs/contract/videothek';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SaveFormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { savedText, useSavedAndClose } from '../../../components/save-notice.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';

const lists = [videothekEndpoints.betreiberListe];

/** The library list's name for its saved-row mark (save-notice.tsx). */
export const VIDEOS_LIST = 'videos';

/**
 * Create (video null) or edit a library video. A save closes the dialog and names the video in the snackbar (issue
 * 32 item 2, in place of spec 3 section 8's success dialogs); the failure dialogs of section 8 are the page's.
 */
export function VideoDialog({
  video,
  onSaved,
  onFailed,
  onClose,
}: {
  video: Video | null;
  /** The saved video, so the page can show it. */
  onSaved: (video: Video) => void;
  onFailed: (result: 'fehlerErstellen' | 'fehler') => void;
  onClose: () => void;
}) {
  const savedAndClose = useSavedAndClose(onClose);
  const firmen = useEndpointQuery(videothekEndpoints.firmen, undefined);
  const anlegen = useEndpointMutation(videothekEndpoints.anlegen, { invalidates: lists });
  const speichern = useEndpointMutation(videothekEndpoints.speichern, { invalidates: lists });
  const save = video ? speichern : anlegen;
  const [gewaehlt, setGewaehlt] = useState<number[]>(video?.firmen ?? []);
  const form = useContractForm(
    videoFieldsSchema.omit({ firmen: true }),
    {
      titel: video?.titel ?? '',
      kurzbeschreibung: video?.kurzbeschreibung ?? '',
      vimeolink: video?.vimeolink ?? '',
      langtext: video?.langtext ?? '',
    },
    { save },
  );
  const { control } = form;
  return (
    <SaveFormDialog
      title={video ? 'Video bearbeiten' : 'Neues Video'}
      maxWidth="md"
      form={form}
      save={save}
      onSave={(fields) => {
        const body = { ...fields, firmen: gewaehlt };
        const onSuccess = (saved: Video) => {
          onSaved(saved);
          savedAndClose({
            text: savedText('Video', saved.titel, video === null),
            row: { list: VIDEOS_LIST, id: saved.id },
          });
        };
        if (video) {
          speichern.mutate({ body: { ...body, id: video.id } }, { onSuccess, onError: () => onFailed('fehler') });
        } else {
          anlegen.mutate({ body }, { onSuccess, onError: () => onFailed('fehlerErstellen') });
        }
      }}
      onClose={onClose}
      // the page says the result (spec 3 section 8)
      failureSaidByCaller
    >
      <FormTextField
        control={control}
        name="titel"
        label="Titel"
        required
        autoFocus
        fullWidth
        max={VIDEO_LIMITS.titel}
      />
      <FormTextField
        control={control}
        name="kurzbeschreibung"
        label="Kurzbeschreibung"
        required
        fullWidth
        max={VIDEO_LIMITS.kurzbeschreibung}
      />
      <FormTextField
        control={control}
        name="vimeolink"
        label="Vimeolink"
        required
        fullWidth
        max={VIDEO_LIMITS.vimeolink}
      />
      <FormTextField
        control={control}
        name="langtext"
        label="Langtext"
        multiline
        minRows={4}
        fullWidth
        max={VIDEO_LIMITS.langtext}
      />
      <Typography variant="subtitle1" component="p" sx={{ mt: 1 }}>
        Nur für Patienten dieser Firmen (keine Auswahl: für alle)
      </Typography>
      {firmen.isError && <Alert severity="error">{VIDEOTHEK_TEXTS.firmenFehler}</Alert>}
      <FormGroup>
        {firmen.data?.map((firma) => (
          <FormControlLabel
            key={firma.id}
            label={firma.bezeichner}
            control={
              <Checkbox
                checked={gewaehlt.includes(firma.id)}
                onChange={(event) =>
                  setGewaehlt((list) =>
                    event.target.checked ? [...list, firma.id] : list.filter((id) => id !== firma.id),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
    </SaveFormDialog>
  );
}
