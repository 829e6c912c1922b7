import { MESSAGES } from '@dihs/contract/common/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode } from 'react';
import { MessageDialog } from './message-dialog.tsx';

interface FormDialogProps {
  title: string;
  maxWidth: DialogProps['maxWidth'];
  /** The fields; a form's own hints go here, below them the server's refusal. */
  children: ReactNode;
  /** Whether the input passes the contract's schema (`formState.isValid`): "Speichern" stays disabled until it does. */
  valid: boolean;
  /** A save is running: the dialog cannot be closed and "Speichern" shows its progress. */
  pending: boolean;
  /**
   * Called on "Speichern" with the submit event (the browser's submit is already prevented), so that a form's
   * `handleSubmit(save)` can be passed as it is: it shows every message and saves only valid input.
   */
  onSubmit: (event: FormEvent) => unknown;
  onClose: () => void;
  /** What the server refused about the input, said inside the dialog. */
  refusal?: string | undefined;
  /** Any other failed save: the spec's network error dialog, closed by `onFailureClosed`. */
  failed: boolean;
  onFailureClosed: () => void;
}

/** A create/edit dialog with "Abbrechen" and "Speichern" (spec 1 section 8); mount it per opening. */
export function FormDialog({
  title,
  maxWidth,
  children,
  valid,
  pending,
  onSubmit,
  onClose,
  refusal,
  failed,
  onFailureClosed,
}: FormDialogProps) {
  const titleId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    void onSubmit(event);
  }

  return (
    <>
      <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            {children}
            {refusal && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {refusal}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={pending}>
              Abbrechen
            </Button>
            <Button type="submit" variant="contained" disabled={!valid} loading={pending}>
              Speichern
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <MessageDialog
        open={failed && !refusal}
        title={MESSAGES.netzwerkfehlerTitel}
        text={MESSAGES.netzwerkfehlerText}
        onClose={onFailureClosed}
      />
    </>
  );
}
