import { ABO_PAKET_LIMITS, type AboPaket } from '@dihs/contract/abo';
import Alert from '@mui/material/Alert';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import { SaveFormDialog } from '../../../components/form-dialog.tsx';
import { FormSwitch, FormTextField } from '../../../components/form-fields.tsx';
import { savedText, useSavedAndClose } from '../../../components/save-notice.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useSaveAboPaket } from '../api/abo-pakete-api.ts';
import { ANZAHL_FELDER, bodyOf, formOf, paketFormSchema, type AnzahlFeld } from './paket-form.ts';

/** The package list's name for its saved-row mark (save-notice.tsx). */
export const PAKETE_LIST = 'abopakete';

interface PaketDialogProps {
  /** The package to edit; null creates a new one with the defaults. */
  paket: AboPaket | null;
  onClose: () => void;
}

/** "Neues Abopaket" and "Abopaket bearbeiten" with the rules of spec 3 section 5. Mount it per opening. */
export function PaketDialog({ paket, onClose }: PaketDialogProps) {
  const save = useSaveAboPaket();
  const savedAndClose = useSavedAndClose(onClose);
  const form = useContractForm(paketFormSchema, formOf(paket), { save });
  const { control } = form;

  const zahlFeld = (feld: AnzahlFeld | 'kostenProQuartalCent', label: string, adornment?: string) => (
    <FormTextField
      control={control}
      name={feld}
      label={label}
      required
      helperText=" "
      slotProps={{
        htmlInput: { inputMode: feld === 'kostenProQuartalCent' ? 'decimal' : 'numeric' },
        ...(adornment ? { input: { endAdornment: <InputAdornment position="end">{adornment}</InputAdornment> } } : {}),
      }}
    />
  );

  return (
    <SaveFormDialog
      title={paket ? 'Abopaket bearbeiten' : 'Neues Abopaket'}
      maxWidth="md"
      form={form}
      save={save}
      onSave={(werte) =>
        save.mutate(
          { fields: bodyOf(werte), ...(paket ? { aboPaketId: paket.aboPaketId } : {}) },
          {
            onSuccess: (saved) =>
              savedAndClose({
                text: savedText('Abopaket', saved.title, paket === null),
                row: { list: PAKETE_LIST, id: saved.aboPaketId },
              }),
          },
        )
      }
      onClose={onClose}
      refusedWith={[400, 404]}
    >
      <FormTextField control={control} name="title" label="Titel" required autoFocus max={ABO_PAKET_LIMITS.title} />
      <Grid container columnSpacing={2}>
        {ANZAHL_FELDER.map(([feld, label]) => (
          <Grid key={feld} size={{ xs: 12, sm: 6 }}>
            {zahlFeld(feld, label)}
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>
          {zahlFeld('kostenProQuartalCent', 'Kosten je Buchungsintervall (inkl. MwSt.)', '€')}
        </Grid>
      </Grid>
      <FormGroup row sx={{ mt: 1, gap: 2 }}>
        <FormSwitch control={control} name="aktiv" label="Aktiv (kann zugewiesen werden)" />
        <FormSwitch control={control} name="buchbar" label="Buchbar (im Abo-Shop)" />
      </FormGroup>
      {paket && (
        <Alert severity="info" sx={{ mt: 1 }}>
          Laufende Abos behalten die Bedingungen, mit denen sie gebucht wurden.
        </Alert>
      )}
    </SaveFormDialog>
  );
}
