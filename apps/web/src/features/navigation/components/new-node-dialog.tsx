import { INHALT_LIMITS, INHALT_TEXTS, pageTitelRule, pageUrlRule } from '@dihs/contract/inhalt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';

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

/** The rules of spec 3 section 5: title not empty; url (pages only) not empty, one path segment, free in any case. */
const newNodeSchema = (kind: NewNodeDialogProps['kind'], taken: ReadonlySet<string>) =>
  z.object({
    titel: pageTitelRule,
    url:
      kind === 'seite'
        ? pageUrlRule.refine((url) => !taken.has(url.toLowerCase()), INHALT_TEXTS.urlBelegt)
        : z.string(),
  });

/** "Neue Seite erstellen" and "Neues Menü erstellen": the node is created locally, on the server at Speichern. */
export function NewNodeDialog({ kind, targetLabel, takenUrls, onCreate, onClose }: NewNodeDialogProps) {
  const titleId = useId();
  const { control, handleSubmit, formState } = useContractForm(newNodeSchema(kind, takenUrls), { titel: '', url: '' });

  const submit = handleSubmit(({ titel, url }) => onCreate({ titel: titel.trim(), url }));

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{kind === 'seite' ? 'Neue Seite erstellen' : 'Neues Menü erstellen'}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {kind === 'seite' ? 'Die Seite' : 'Das Menü'} kommt in: {targetLabel}. Erstellt wird beim Speichern.
          </DialogContentText>
          <FormTextField control={control} name="titel" label="Titel" required autoFocus max={INHALT_LIMITS.titel} />
          {kind === 'seite' && (
            <FormTextField
              control={control}
              name="url"
              label="Url"
              required
              max={INHALT_LIMITS.url}
              placeholder="z. B. sommerkurs (Adresse /inhalt/sommerkurs)"
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Abbrechen</Button>
          <Button type="submit" variant="contained" disabled={!formState.isValid}>
            Erstellen
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
