import { INHALT_LIMITS, INHALT_TEXTS, pageTitelRule, pageUrlRule } from '@dihs/contract/inhalt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type FormEvent } from 'react';
import { CountedTextField } from '../../../components/counted-text-field.tsx';

export interface NewNodeValues {
  titel: string;
  /** Pages only. */
  url: string;
}

interface NewNodeDialogProps {
  kind: 'seite' | 'menue';
  /** Where the new node goes, for the dialog's text. */
  targetLabel: string;
  /** Urls held by pages already (trash and unsaved new pages included), lower-cased. */
  takenUrls: ReadonlySet<string>;
  onCreate: (values: NewNodeValues) => void;
  onClose: () => void;
}

type Field = 'titel' | 'url';

/** The rules of spec 3 section 5: title not empty; url not empty, one path segment, free in any case. */
function fieldErrors(values: NewNodeValues, kind: NewNodeDialogProps['kind'], taken: ReadonlySet<string>) {
  const errors: Partial<Record<Field, string>> = {};
  const titel = pageTitelRule.safeParse(values.titel);
  if (!titel.success) errors.titel = titel.error.issues[0]?.message;
  if (kind === 'seite') {
    const url = pageUrlRule.safeParse(values.url);
    if (!url.success) errors.url = url.error.issues[0]?.message;
    else if (taken.has(values.url.toLowerCase())) errors.url = INHALT_TEXTS.urlBelegt;
  }
  return errors;
}

/** "Neue Seite erstellen" and "Neues Menü erstellen": the node is created locally, on the server at Speichern. */
export function NewNodeDialog({ kind, targetLabel, takenUrls, onCreate, onClose }: NewNodeDialogProps) {
  const titleId = useId();
  const [values, setValues] = useState<NewNodeValues>({ titel: '', url: '' });
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const errors = fieldErrors(values, kind, takenUrls);
  const valid = Object.keys(errors).length === 0;
  const shown = (field: Field) => (touched.has(field) ? errors[field] : undefined);
  const touch = (field: Field) => setTouched((current) => new Set(current).add(field));
  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    touch(field);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(new Set(['titel', 'url']));
    if (valid) onCreate({ titel: values.titel.trim(), url: values.url });
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{kind === 'seite' ? 'Neue Seite erstellen' : 'Neues Menü erstellen'}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {kind === 'seite' ? 'Die Seite' : 'Das Menü'} kommt in: {targetLabel}. Erstellt wird beim Speichern.
          </DialogContentText>
          <CountedTextField
            label="Titel"
            required
            autoFocus
            value={values.titel}
            onChange={set('titel')}
            onBlur={() => touch('titel')}
            max={INHALT_LIMITS.titel}
            error={shown('titel')}
          />
          {kind === 'seite' && (
            <CountedTextField
              label="Url"
              required
              value={values.url}
              onChange={set('url')}
              onBlur={() => touch('url')}
              max={INHALT_LIMITS.url}
              error={shown('url')}
              placeholder="z. B. sommerkurs (Adresse /inhalt/sommerkurs)"
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Abbrechen</Button>
          <Button type="submit" variant="contained" disabled={!valid}>
            Erstellen
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
