import { ABO_PAKET_LIMITS, type AboPaket } from '@dihs/contract/abo';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDialogForm } from '../../../lib/use-dialog-form.ts';
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
  const save = useSaveAboPaket();
  const { form, valid, shown, touch, touchAll, setText, setFlag, textField } = useDialogForm(
    () => formOf(paket),
    paketErrors,
    () => {
      if (save.isError) save.reset();
    },
  );
  const refusal = isApiError(save.error, 400, 404) ? save.error.message : undefined;

  function submit() {
    touchAll(TEXT_FELDER);
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
    <FormDialog
      title={paket ? 'Abopaket bearbeiten' : 'Neues Abopaket'}
      maxWidth="md"
      valid={valid}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      refusal={refusal}
      failed={save.isError}
      onFailureClosed={() => save.reset()}
    >
      <CountedTextField label="Titel" required autoFocus {...textField('title')} max={ABO_PAKET_LIMITS.title} />
      <Grid container columnSpacing={2}>
        {ANZAHL_FELDER.map(([feld, label]) => (
          <Grid key={feld} size={{ xs: 12, sm: 6 }}>
            {zahlFeld(feld, label)}
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>{zahlFeld('kosten', 'Kosten je Buchungsintervall (inkl. MwSt.)', '€')}</Grid>
      </Grid>
      <FormGroup row sx={{ mt: 1, gap: 2 }}>
        <FormControlLabel
          label="Aktiv (kann zugewiesen werden)"
          control={<Switch checked={form.aktiv} onChange={(event) => setFlag('aktiv')(event.target.checked)} />}
        />
        <FormControlLabel
          label="Buchbar (im Abo-Shop)"
          control={<Switch checked={form.buchbar} onChange={(event) => setFlag('buchbar')(event.target.checked)} />}
        />
      </FormGroup>
      {paket && (
        <Alert severity="info" sx={{ mt: 1 }}>
          Laufende Abos behalten die Bedingungen, mit denen sie gebucht wurden.
        </Alert>
      )}
    </FormDialog>
  );
}
