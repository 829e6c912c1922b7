import { DATEI_LIMITS, DATEI_TEXTS, DATEI_TYPEN, dateiBeschreibungRule } from '@dihs/contract/datei';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { useSavedAndClose } from '../../../components/save-notice.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useDateiHochladen } from '../api/datei-api.ts';

const formSchema = z.object({ beschreibung: dateiBeschreibungRule });
const ACCEPT = [...Object.keys(DATEI_TYPEN), '.png', '.jpg', '.jpeg', '.pdf'].join(',');

/** The file list's name for its saved-row mark (save-notice.tsx). */
export const DATEIEN_LIST = 'dateien';

/** The snackbar's text after an upload: the file's name, or how many and which. */
export const hochgeladenText = (namen: readonly string[]): string =>
  namen.length === 1
    ? `Datei „${namen[0]}“ wurde hochgeladen.`
    : `${namen.length} Dateien wurden hochgeladen: ${namen.map((name) => `„${name}“`).join(', ')}.`;

/**
 * "Datei hochladen" (spec 3 "Operator tools: Uploads"): several files at once with one description; they are sent
 * one after the other, and the bar shows how many are done. Failures are listed by file name.
 */
export function UploadDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const hochladen = useDateiHochladen();
  const savedAndClose = useSavedAndClose(onClose);
  const [files, setFiles] = useState<File[]>([]);
  const [fertig, setFertig] = useState(0);
  const [laeuft, setLaeuft] = useState(false);
  const [fehler, setFehler] = useState<string[]>([]);
  const form = useContractForm(formSchema, { beschreibung: '' });

  const submit = form.handleSubmit(async ({ beschreibung }) => {
    setLaeuft(true);
    setFehler([]);
    setFertig(0);
    const failed: string[] = [];
    const hochgeladen: { id: number; name: string }[] = [];
    for (const file of files) {
      try {
        const datei = await hochladen.mutateAsync({ file, beschreibung: beschreibung.trim() });
        hochgeladen.push({ id: datei.id, name: datei.fileName });
      } catch (error) {
        failed.push(`${file.name}: ${(error as Error).message}`);
      }
      setFertig((n) => n + 1);
    }
    setLaeuft(false);
    setFehler(failed);
    // with a failure the dialog stays open and lists it; the files that went through are in the list behind it
    if (failed.length === 0) {
      savedAndClose({
        text: hochgeladenText(hochgeladen.map((datei) => datei.name)),
        row: { list: DATEIEN_LIST, id: hochgeladen.map((datei) => datei.id) },
      });
    }
  });

  return (
    <Dialog open onClose={laeuft ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{DATEI_TEXTS.dialogTitel}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Bilder (png, jpg) und PDFs bis 10 MB; sie sind öffentlich abrufbar.
        </Typography>
        <Button variant="outlined" component="label" disabled={laeuft}>
          Dateien auswählen
          <input
            type="file"
            hidden
            multiple
            accept={ACCEPT}
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
        </Button>
        <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
          {files.length === 0 ? 'Keine Datei ausgewählt.' : files.map((file) => file.name).join(', ')}
        </Typography>
        <FormTextField
          control={form.control}
          name="beschreibung"
          label="Beschreibung"
          max={DATEI_LIMITS.beschreibung}
          disabled={laeuft}
        />
        {(laeuft || fertig > 0) && files.length > 0 && (
          <LinearProgress
            variant="determinate"
            value={(fertig / files.length) * 100}
            aria-label={`${fertig} von ${files.length} Dateien hochgeladen`}
            sx={{ mt: 2 }}
          />
        )}
        {fehler.map((text) => (
          <Alert key={text} severity="error" sx={{ mt: 1 }}>
            {text}
          </Alert>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={laeuft}>
          Schließen
        </Button>
        <Button variant="contained" disabled={laeuft || files.length === 0} onClick={() => void submit()}>
          Hochladen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
