import { FIRMA_LIMITS, firmaFieldsSchema, type Firma } from '@dihs/contract/firma';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDialogForm } from '../../../lib/use-dialog-form.ts';
import { firstErrors } from '../../../lib/use-schema-form.ts';
import { useSaveFirma } from '../api/save-firma.ts';

interface FirmaForm {
  bezeichner: string;
  logoPath: string;
  logoLink: string;
  hatLogo: boolean;
  linkTarget: boolean;
  statistikSchreiben: boolean;
}

const formOf = (firma: Firma | null): FirmaForm => ({
  bezeichner: firma?.bezeichner ?? '',
  logoPath: firma?.logoPath ?? '',
  logoLink: firma?.logoLink ?? '',
  hatLogo: firma?.hatLogo ?? false,
  linkTarget: firma?.linkTarget ?? false,
  statistikSchreiben: firma?.statistikSchreiben ?? false,
});

interface FirmaDialogProps {
  /** The company to edit; null creates a new one. */
  firma: Firma | null;
  onClose: () => void;
}

/** "Neue Firma" and "Firma bearbeiten": every field with the rules of spec 3 section 5. Mount it per opening. */
export function FirmaDialog({ firma, onClose }: FirmaDialogProps) {
  const save = useSaveFirma();
  const { form, valid, touchAll, setFlag, textField } = useDialogForm(
    () => formOf(firma),
    (values: FirmaForm) => firstErrors(firmaFieldsSchema, values),
    () => {
      if (save.isError) save.reset();
    },
  );
  // a refused name (taken) is said in the dialog; anything else is the spec's network error
  const refusal = isApiError(save.error, 400) ? save.error.message : undefined;

  function submit() {
    touchAll(['bezeichner', 'logoPath', 'logoLink']);
    if (!valid || save.isPending) return;
    save.mutate({ fields: form, ...(firma ? { id: firma.id } : {}) }, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={firma ? 'Firma bearbeiten' : 'Neue Firma'}
      maxWidth="sm"
      valid={valid}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      refusal={refusal}
      failed={save.isError}
      onFailureClosed={() => save.reset()}
    >
      <CountedTextField label="Titel" required autoFocus {...textField('bezeichner')} max={FIRMA_LIMITS.bezeichner} />
      <CountedTextField
        label="Logo-Pfad"
        placeholder="/api/files/logo.png"
        {...textField('logoPath')}
        max={FIRMA_LIMITS.logoPath}
      />
      <CountedTextField
        label="Logo-Link"
        placeholder="https://www.beispiel.de"
        {...textField('logoLink')}
        max={FIRMA_LIMITS.logoLink}
      />
      <FormGroup sx={{ mt: 1 }}>
        <FormControlLabel
          label="Hat Logo"
          control={<Switch checked={form.hatLogo} onChange={(event) => setFlag('hatLogo')(event.target.checked)} />}
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
    </FormDialog>
  );
}
