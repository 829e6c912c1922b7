import { PROFIL_TEXTS } from '@dihs/contract/profil';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface SaveDialogProps {
  open: boolean;
  /** What is being saved, e.g. "Straße und Hausnummer". */
  subject: string;
  pending: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onBack: () => void;
}

/** The confirmation of every profile edit (spec 1, section 2.6): Speichern, Verwerfen, Zurück. */
export function SaveDialog({ open, subject, pending, onSave, onDiscard, onBack }: SaveDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={pending ? undefined : onBack} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{PROFIL_TEXTS.aenderungenSpeichern}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>Ihre Änderungen an „{subject}“ werden gespeichert.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack} disabled={pending}>
          Zurück
        </Button>
        <Button onClick={onDiscard} disabled={pending} color="error">
          Verwerfen
        </Button>
        <Button onClick={onSave} variant="contained" loading={pending} autoFocus>
          Speichern
        </Button>
      </DialogActions>
    </Dialog>
  );
}
