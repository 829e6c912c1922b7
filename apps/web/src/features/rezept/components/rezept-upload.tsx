import { REZEPT_LIMITS, REZEPT_TEXTS, REZEPT_TYPEN, rezeptAnmerkungRule } from '@dihs/contract/rezept';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useRezeptHochladen } from '../api/rezept-api.ts';

const formSchema = z.object({ anmerkung: rezeptAnmerkungRule });
const ACCEPT = [...Object.keys(REZEPT_TYPEN), '.pdf', '.png', '.jpg', '.jpeg'].join(',');

/**
 * The patient's upload (spec 2 "Prescriptions"): a file (pdf, png, jpg, jpeg; at most 4 MB, said in the text) and
 * the required note; the button stays disabled while the note is empty. A failure shows the spec's network error
 * dialog, with the server's reason when it gave one.
 */
export function RezeptUpload() {
  const hochladen = useRezeptHochladen();
  // a new key empties the file input after an upload
  const [inputKey, setInputKey] = useState(0);
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fehler, setFehler] = useState<string | null>(null);
  const form = useContractForm(formSchema, { anmerkung: '' });
  const anmerkung = form.watch('anmerkung');

  const submit = form.handleSubmit(({ anmerkung: text }) => {
    if (!file) return;
    hochladen.mutate(
      { file, anmerkung: text.trim() },
      {
        onSuccess: () => {
          setFile(null);
          setInputKey((key) => key + 1);
          form.reset({ anmerkung: '' });
        },
        onError: (error) =>
          setFehler(
            isApiError(error, 400, 413)
              ? `${REZEPT_TEXTS.netzwerkfehlerText} ${error.message}`
              : REZEPT_TEXTS.netzwerkfehlerText,
          ),
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ mb: 4 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Rezept hochladen
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {REZEPT_TEXTS.hinweis}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
          Datei auswählen
          <input
            key={inputKey}
            type="file"
            hidden
            accept={ACCEPT}
            aria-describedby={hintId}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography variant="body2" aria-live="polite">
          {file ? `Ausgewählt: ${file.name}` : 'Keine Datei ausgewählt.'}
        </Typography>
      </Box>
      <FormTextField
        control={form.control}
        name="anmerkung"
        label="Anmerkung"
        required
        multiline
        minRows={2}
        max={REZEPT_LIMITS.anmerkung}
      />
      {hochladen.isPending && <LinearProgress aria-label="Rezept wird hochgeladen" sx={{ my: 1 }} />}
      <Button
        type="submit"
        variant="contained"
        sx={{ mt: 1 }}
        disabled={!file || anmerkung.trim() === '' || hochladen.isPending}
      >
        Hochladen
      </Button>
      <MessageDialog
        open={fehler !== null}
        title={REZEPT_TEXTS.netzwerkfehlerTitel}
        text={fehler ?? ''}
        onClose={() => setFehler(null)}
      />
    </Box>
  );
}
