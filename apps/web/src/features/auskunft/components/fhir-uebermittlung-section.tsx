import {
  AUSKUNFT_TEXTS,
  fhirDateiname,
  UEBERMITTLUNG_GRUND,
  UEBERMITTLUNG_TEXTS,
  uebermittlungBodySchema,
} from '@dihs/contract/auskunft';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { postFhirUebermittlung } from '../api/auskunft-api.ts';

/** The reason dialog; mounted per opening, so every transfer asks anew. */
function UebermittlungDialog({ patientId, onClose }: { patientId: number; onClose: () => void }) {
  const form = useContractForm(uebermittlungBodySchema, { grund: '' });
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [failed, setFailed] = useState(false);

  async function transfer(grund: string) {
    setPending(true);
    setRefusal(undefined);
    try {
      saveFile(await postFhirUebermittlung(patientId, grund), fhirDateiname());
      onClose();
    } catch (failure) {
      if (isApiError(failure) && failure.status < 500) setRefusal(failure.message);
      else setFailed(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <FormDialog
      title={UEBERMITTLUNG_TEXTS.dialogTitel}
      maxWidth="sm"
      valid={form.formState.isValid}
      pending={pending}
      onSubmit={form.handleSubmit(({ grund }) => void transfer(grund))}
      onClose={onClose}
      refusal={refusal}
      failed={failed}
      onFailureClosed={() => setFailed(false)}
      submitLabel={UEBERMITTLUNG_TEXTS.bestaetigen}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {/* the file leaves the platform's protection (BSI TR-03161 O.Data_2), as on the patient's own download */}
        <Alert severity="warning">{AUSKUNFT_TEXTS.warnung}</Alert>
        <FormTextField
          control={form.control}
          name="grund"
          label={UEBERMITTLUNG_TEXTS.grund}
          max={UEBERMITTLUNG_GRUND.max}
          required
          multiline
          minRows={2}
        />
      </Stack>
    </FormDialog>
  );
}

/**
 * The operator's view of a patient: the record as FHIR for another provider (§ 386 SGB V; docs/fhir.md), only with
 * the privilege PATIENTENDATEN_UEBERMITTELN (the caller decides whether to show this) and a reason.
 */
export function FhirUebermittlungSection({ patientId }: { patientId: number }) {
  const textId = useId();
  const [open, setOpen] = useState(false);
  return (
    <ProfileSection title={UEBERMITTLUNG_TEXTS.titel}>
      <Box sx={{ py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography id={textId} sx={{ flex: '1 1 24rem' }}>
          {UEBERMITTLUNG_TEXTS.erklaerung}
        </Typography>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => setOpen(true)} aria-describedby={textId}>
          {UEBERMITTLUNG_TEXTS.button}
        </Button>
      </Box>
      {open && <UebermittlungDialog patientId={patientId} onClose={() => setOpen(false)} />}
    </ProfileSection>
  );
}
