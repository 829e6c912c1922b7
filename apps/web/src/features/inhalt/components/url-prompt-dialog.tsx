import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';

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
  const [url, setUrl] = useState(initialUrl);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const error = validate(url.trim());

  function submit(event: FormEvent) {
    event.preventDefault();
    // the dialog sits in a portal, but React bubbles its submit to the page editor's form around the editor
    event.stopPropagation();
    setTouched(true);
    if (!error) onSubmit({ url: url.trim(), text: text.trim() });
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            label={urlLabel}
            autoFocus
            fullWidth
            margin="dense"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && Boolean(error)}
            helperText={touched ? error : undefined}
          />
          {textLabel !== undefined && (
            <TextField
              label={textLabel}
              fullWidth
              margin="dense"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {onRemove && removeLabel && (
            <Button color="error" onClick={onRemove} sx={{ mr: 'auto' }}>
              {removeLabel}
            </Button>
          )}
          <Button onClick={onClose}>Abbrechen</Button>
          <Button type="submit" variant="contained" disabled={Boolean(error)}>
            Übernehmen
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
