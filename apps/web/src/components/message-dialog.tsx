import { MESSAGES } from '@dihs/contract/common/messages';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface MessageDialogProps {
  open: boolean;
  title: string;
  text: string;
  onClose: () => void;
}

/** A titled message with an OK button; error and alert dialogs are half the screen wide (spec 1, section 8). */
export function MessageDialog({ open, title, text, onClose }: MessageDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ paper: { sx: { width: { xs: '100%', md: '50%' } } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface NetzwerkfehlerDialogProps {
  open: boolean;
  onClose: () => void;
  /** Default: "Ihre Änderungen wurden nicht übernommen."; a save's failure may add the server's reason. */
  text?: string;
}

/** The spec's network error dialog (spec 1, section 8): "Netzwerkfehler" with its text and OK. */
export function NetzwerkfehlerDialog({ open, onClose, text = MESSAGES.netzwerkfehlerText }: NetzwerkfehlerDialogProps) {
  return <MessageDialog open={open} title={MESSAGES.netzwerkfehlerTitel} text={text} onClose={onClose} />;
}
