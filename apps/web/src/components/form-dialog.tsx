import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode } from 'react';
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form';
import { isApiError } from '../lib/api-client.ts';
import { NetzwerkfehlerDialog } from './message-dialog.tsx';

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
  /** Any other failed save: the spec's network error dialog, closed by `onFailureClosed`. Default: the caller says a
   * failure itself. */
  failed?: boolean;
  onFailureClosed?: () => void;
  /** The submit button's name; default "Speichern". */
  submitLabel?: string;
  /** The button that closes without saving; default "Abbrechen" (the editors of spec 2 and 3 say "Zurück"). */
  cancelLabel?: string;
  /** Further buttons of the row, before the cancel button ("Löschen", "Formular Leeren"); the row then wraps. */
  actions?: ReactNode;
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
  failed = false,
  onFailureClosed = () => undefined,
  submitLabel = 'Speichern',
  cancelLabel = 'Abbrechen',
  actions,
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
          <DialogActions sx={actions ? { px: 3, pb: 2, flexWrap: 'wrap', gap: 1 } : { px: 3, pb: 2 }}>
            {actions}
            <Button onClick={onClose} disabled={pending}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant="contained" disabled={!valid} loading={pending}>
              {submitLabel}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <NetzwerkfehlerDialog open={failed && !refusal} onClose={onFailureClosed} />
    </>
  );
}

/** What SaveFormDialog reads of a save (a TanStack Query mutation). */
export interface SaveState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset(): void;
}

interface SaveFormDialogProps<T extends FieldValues, O> extends Pick<
  FormDialogProps,
  'title' | 'maxWidth' | 'children' | 'submitLabel' | 'cancelLabel' | 'actions'
> {
  /** The form (useContractForm): "Speichern" waits for its validity and submits through it, so every message shows. */
  form: { handleSubmit: UseFormHandleSubmit<T, O>; formState: { isValid: boolean } };
  save: SaveState;
  /** Starts the save with the form's valid values; not called again while one runs. */
  onSave: (values: O) => void;
  onClose: () => void;
  /** The statuses whose message is a refusal of the input, said in the dialog; any other failure is the network error. */
  refusedWith?: readonly number[];
  /** The caller says a failed save itself (in onSave's onError): the dialog says none. */
  failureSaidByCaller?: boolean;
  /** Another action of the dialog runs (a delete): it cannot be closed, "Speichern" waits. */
  busy?: boolean;
}

/**
 * The create/edit dialog of a react-hook-form form and its save: FormDialog with the save's progress, its refusal
 * and its failure; mount it per opening.
 */
export function SaveFormDialog<T extends FieldValues, O>({
  form,
  save,
  onSave,
  refusedWith = [],
  failureSaidByCaller = false,
  busy = false,
  ...frame
}: SaveFormDialogProps<T, O>) {
  const refusal = isApiError(save.error) && refusedWith.includes(save.error.status) ? save.error.message : undefined;
  return (
    <FormDialog
      {...frame}
      valid={form.formState.isValid}
      pending={save.isPending || busy}
      onSubmit={form.handleSubmit((values) => {
        if (!save.isPending && !busy) onSave(values);
      })}
      refusal={refusal}
      failed={save.isError && !failureSaidByCaller}
      onFailureClosed={() => save.reset()}
    />
  );
}
