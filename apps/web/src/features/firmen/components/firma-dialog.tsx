import { MESSAGES } from '@dihs/contract/common/messages';
import { FIRMA_LIMITS, firmaFieldsSchema, type Firma } from '@dihs/contract/firma';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import { useId, useState, type FormEvent } from 'react';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useSaveFirma } from '../api/save-firma.ts';

interface FirmaForm {
  bezeichner: string;
  logoPath: string;
  logoLink: string;
  hatLogo: boolean;
  linkTarget: boolean;
  statistikSchreiben: boolean;
}
type TextField = 'bezeichner' | 'logoPath' | 'logoLink';

const formOf = (firma: Firma | null): FirmaForm => ({
  bezeichner: firma?.bezeichner ?? '',
  logoPath: firma?.logoPath ?? '',
  logoLink: firma?.logoLink ?? '',
  hatLogo: firma?.hatLogo ?? false,
  linkTarget: firma?.linkTarget ?? false,
  statistikSchreiben: firma?.statistikSchreiben ?? false,
});

/** The rule messages of the form by field (the contract's schema, the same the server checks). */
function fieldErrors(form: FirmaForm): Partial<Record<TextField, string>> {
  const result = firmaFieldsSchema.safeParse(form);
  const errors: Partial<Record<TextField, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as TextField;
    errors[field] ??= issue.message;
  }
  return errors;
}

interface FirmaDialogProps {
  /** The company to edit; null creates a new one. */
  firma: Firma | null;
  onClose: () => void;
}

/** "Neue Firma" and "Firma bearbeiten": every field with the rules of spec 3 section 5. Mount it per opening. */
export function FirmaDialog({ firma, onClose }: FirmaDialogProps) {
  const titleId = useId();
  const [form, setForm] = useState<FirmaForm>(() => formOf(firma));
  const [touched, setTouched] = useState<ReadonlySet<TextField>>(new Set());
  const save = useSaveFirma();

  const errors = fieldErrors(form);
  const valid = Object.keys(errors).length === 0;
  const shown = (field: TextField) => (touched.has(field) ? errors[field] : undefined);
  // a refused name (taken) is said in the dialog; anything else is the spec's network error
  const refusal = isApiError(save.error, 400) ? save.error.message : undefined;

  const touch = (field: TextField) => setTouched((current) => new Set(current).add(field));
  const setText = (field: TextField) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    touch(field);
    if (save.isError) save.reset();
  };
  const setFlag = (field: 'hatLogo' | 'linkTarget' | 'statistikSchreiben') => (checked: boolean) =>
    setForm((current) => ({ ...current, [field]: checked }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(new Set(['bezeichner', 'logoPath', 'logoLink']));
    if (!valid || save.isPending) return;
    save.mutate({ fields: form, ...(firma ? { id: firma.id } : {}) }, { onSuccess: onClose });
  }

  return (
    <>
      <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>{firma ? 'Firma bearbeiten' : 'Neue Firma'}</DialogTitle>
          <DialogContent>
            <CountedTextField
              label="Titel"
              required
              autoFocus
              value={form.bezeichner}
              onChange={setText('bezeichner')}
              onBlur={() => touch('bezeichner')}
              max={FIRMA_LIMITS.bezeichner}
              error={shown('bezeichner')}
            />
            <CountedTextField
              label="Logo-Pfad"
              placeholder="/api/files/logo.png"
              value={form.logoPath}
              onChange={setText('logoPath')}
              onBlur={() => touch('logoPath')}
              max={FIRMA_LIMITS.logoPath}
              error={shown('logoPath')}
            />
            <CountedTextField
              label="Logo-Link"
              placeholder="https://www.beispiel.de"
              value={form.logoLink}
              onChange={setText('logoLink')}
              onBlur={() => touch('logoLink')}
              max={FIRMA_LIMITS.logoLink}
              error={shown('logoLink')}
            />
            <FormGroup sx={{ mt: 1 }}>
              <FormControlLabel
                label="Hat Logo"
                control={
                  <Switch checked={form.hatLogo} onChange={(event) => setFlag('hatLogo')(event.target.checked)} />
                }
              />
              <FormControlLabel
                label="Logo-Link in neuem Tab öffnen"
                control={
                  <Switch checked={form.linkTarget} onChange={(event) => setFlag('linkTarget')(event.target.checked)} />
                }
              />
              <FormControlLabel
                label="Statistik schreiben"
                control={
                  <Switch
                    checked={form.statistikSchreiben}
                    onChange={(event) => setFlag('statistikSchreiben')(event.target.checked)}
                  />
                }
              />
            </FormGroup>
            {refusal && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {refusal}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={save.isPending}>
              Abbrechen
            </Button>
            <Button type="submit" variant="contained" disabled={!valid} loading={save.isPending}>
              Speichern
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <MessageDialog
        open={save.isError && !refusal}
        title={MESSAGES.netzwerkfehlerTitel}
        text={MESSAGES.netzwerkfehlerText}
        onClose={() => save.reset()}
      />
    </>
  );
}
