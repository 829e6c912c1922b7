import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useMemo } from 'react';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';

export interface UrlPromptResult {
  url: string;
  text: string;
}

interface UrlPromptDialogProps {
  title: string;
  urlLabel: string;
  /** A second field (the image's alternative text); left out when undefined. */
  textLabel?: string;
  initialUrl: string;
  /** The German message for a value the server would drop, or undefined when it is fine. */
  validate: (url: string) => string | undefined;
  /** Offered when the value may be removed (an existing link). */
  removeLabel?: string;
  onSubmit: (result: UrlPromptResult) => void;
  onRemove?: () => void;
  onClose: () => void;
}

/** The address checked by the editor's rule, both texts trimmed. */
const urlPromptSchema = (validate: (url: string) => string | undefined) =>
  z.object({
    url: z
      .string()
      .trim()
      .superRefine((url, context) => {
        const message = validate(url);
        if (message) context.addIssue({ code: 'custom', message });
      }),
    text: z.string().trim(),
  });

/** Asks for the address of a link or an image in the rich-text editor. Mount it per opening. */
export function UrlPromptDialog({
  title,
  urlLabel,
  textLabel,
  initialUrl,
  validate,
  removeLabel,
  onSubmit,
  onRemove,
  onClose,
}: UrlPromptDialogProps) {
  const titleId = useId();
  const schema = useMemo(() => urlPromptSchema(validate), [validate]);
  const { control, handleSubmit, formState } = useContractForm(
    schema,
    { url: initialUrl, text: '' },
    { submitParsed: true },
  );
  const submit = handleSubmit(onSubmit);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          // the dialog sits in a portal, but React bubbles its submit to the page editor's form around the editor
          event.stopPropagation();
          void submit(event);
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <FormTextField control={control} name="url" label={urlLabel} autoFocus />
          {textLabel !== undefined && <FormTextField control={control} name="text" label={textLabel} />}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {onRemove && removeLabel && (
            <Button color="error" onClick={onRemove} sx={{ mr: 'auto' }}>
              {removeLabel}
            </Button>
          )}
          <Button onClick={onClose}>Abbrechen</Button>
          <Button type="submit" variant="contained" disabled={!formState.isValid}>
            Übernehmen
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
