import { ABO_PAKET_LIMITS, type AboPaket } from '@dihs/contract/abo';
import { MESSAGES } from '@dihs/contract/common/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useSaveAboPaket } from '../api/abo-pakete-api.ts';
import { ANZAHL_FELDER, bodyOf, formOf, paketErrors, type PaketForm } from './paket-form.ts';

type TextFeld = Exclude<keyof PaketForm, 'aktiv' | 'buchbar'>;
const TEXT_FELDER: TextFeld[] = ['title', 'kosten', ...ANZAHL_FELDER.map(([feld]) => feld)];

interface PaketDialogProps {
  /** The package to edit; null creates a new one with the defaults. */
  paket: AboPaket | null;
  onClose: () => void;
}

/** "Neues Abopaket" and "Abopaket bearbeiten" with the rules of spec 3 section 5. Mount it per opening. */
export function PaketDialog({ paket, onClose }: PaketDialogProps) {
  const titleId = useId();
  const [form, setForm] = useState<PaketForm>(() => formOf(paket));
  const [touched, setTouched] = useState<ReadonlySet<TextFeld>>(new Set());
  const save = useSaveAboPaket();

  const errors = paketErrors(form);
  const valid = Object.keys(errors).length === 0;
  const shown = (feld: TextFeld) => (touched.has(feld) ? errors[feld] : undefined);
  const refusal = isApiError(save.error, 400, 404) ? save.error.message : undefined;

  const touch = (feld: TextFeld) => setTouched((current) => new Set(current).add(feld));
  const setText = (feld: TextFeld) => (value: string) => {
    setForm((current) => ({ ...current, [feld]: value }));
    touch(feld);
    if (save.isError) save.reset();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(new Set(TEXT_FELDER));
    if (!valid || save.isPending) return;
    save.mutate({ fields: bodyOf(form), ...(paket ? { aboPaketId: paket.aboPaketId } : {}) }, { onSuccess: onClose });
  }

  const zahlFeld = (feld: TextFeld, label: string, adornment?: string) => (
    <TextField
      fullWidth
      margin="dense"
      label={label}
      required
      value={form[feld]}
      onChange={(event) => setText(feld)(event.target.value)}
      onBlur={() => touch(feld)}
      error={Boolean(shown(feld))}
      helperText={shown(feld) ?? ' '}
      slotProps={{
        htmlInput: { inputMode: feld === 'kosten' ? 'decimal' : 'numeric' },
        ...(adornment ? { input: { endAdornment: <InputAdornment position="end">{adornment}</InputAdornment> } } : {}),
      }}
    />
  );

  return (
    <>
      <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>{paket ? 'Abopaket bearbeiten' : 'Neues Abopaket'}</DialogTitle>
          <DialogContent>
            <CountedTextField
              label="Titel"
              required
              autoFocus
              value={form.title}
              onChange={setText('title')}
              onBlur={() => touch('title')}
              max={ABO_PAKET_LIMITS.title}
              error={shown('title')}
            />
            <Grid container columnSpacing={2}>
              {ANZAHL_FELDER.map(([feld, label]) => (
                <Grid key={feld} size={{ xs: 12, sm: 6 }}>
                  {zahlFeld(feld, label)}
                </Grid>
              ))}
              <Grid size={{ xs: 12, sm: 6 }}>
                {zahlFeld('kosten', 'Kosten je Buchungsintervall (inkl. MwSt.)', '€')}
              </Grid>
            </Grid>
            <FormGroup row sx={{ mt: 1, gap: 2 }}>
              <FormControlLabel
                label="Aktiv (kann zugewiesen werden)"
                control={
                  <Switch
                    checked={form.aktiv}
                    onChange={(event) => setForm((current) => ({ ...current, aktiv: event.target.checked }))}
                  />
                }
              />
              <FormControlLabel
                label="Buchbar (im Abo-Shop)"
                control={
                  <Switch
                    checked={form.buchbar}
                    onChange={(event) => setForm((current) => ({ ...current, buchbar: event.target.checked }))}
                  />
                }
              />
            </FormGroup>
            {paket && (
              <Alert severity="info" sx={{ mt: 1 }}>
                Laufende Abos behalten die Bedingungen, mit denen sie gebucht wurden.
              </Alert>
            )}
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
