import { FIRMA_LIMITS, firmaFieldsSchema, type Firma } from '@dihs/contract/firma';
import FormGroup from '@mui/material/FormGroup';
import { DateiAuswahl } from '../../../components/datei-auswahl.tsx';
import { SaveFormDialog } from '../../../components/form-dialog.tsx';
import { FormSwitch, FormTextField } from '../../../components/form-fields.tsx';
import { savedText, useSavedAndClose } from '../../../components/save-notice.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
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

/** The company list's name for its saved-row mark (save-notice.tsx). */
export const FIRMEN_LIST = 'firmen';

interface FirmaDialogProps {
  /** The company to edit; null creates a new one. */
  firma: Firma | null;
  onClose: () => void;
}

/** "Neue Firma" and "Firma bearbeiten": every field with the rules of spec 3 section 5. Mount it per opening. */
export function FirmaDialog({ firma, onClose }: FirmaDialogProps) {
  const save = useSaveFirma();
  const savedAndClose = useSavedAndClose(onClose);
  const form = useContractForm(firmaFieldsSchema, formOf(firma), { save });
  const { control, setValue } = form;

  return (
    <SaveFormDialog
      title={firma ? 'Firma bearbeiten' : 'Neue Firma'}
      maxWidth="sm"
      form={form}
      save={save}
      onSave={(fields) =>
        save.mutate(
          { fields, ...(firma ? { id: firma.id } : {}) },
          {
            onSuccess: (saved) =>
              savedAndClose({
                text: savedText('Firma', saved.bezeichner, firma === null),
                row: { list: FIRMEN_LIST, id: saved.id },
              }),
          },
        )
      }
      onClose={onClose}
      // a refused name (taken) is said in the dialog; anything else is the spec's network error
      refusedWith={[400]}
    >
      <FormTextField
        control={control}
        name="bezeichner"
        label="Titel"
        required
        autoFocus
        max={FIRMA_LIMITS.bezeichner}
      />
      <FormTextField
        control={control}
        name="logoPath"
        label="Logo-Pfad"
        placeholder="/api/files/12-logo.png"
        max={FIRMA_LIMITS.logoPath}
      />
      <DateiAuswahl
        label="Hochgeladenes Logo wählen"
        onPick={(pfad) => setValue('logoPath', pfad, { shouldDirty: true, shouldValidate: true })}
      />
      <FormTextField
        control={control}
        name="logoLink"
        label="Logo-Link"
        placeholder="https://www.beispiel.de"
        max={FIRMA_LIMITS.logoLink}
      />
      <FormGroup sx={{ mt: 1 }}>
        <FormSwitch control={control} name="hatLogo" label="Hat Logo" />
        <FormSwitch control={control} name="linkTarget" label="Logo-Link in neuem Tab öffnen" />
        <FormSwitch control={control} name="statistikSchreiben" label="Statistik schreiben" />
      </FormGroup>
    </SaveFormDialog>
  );
}
