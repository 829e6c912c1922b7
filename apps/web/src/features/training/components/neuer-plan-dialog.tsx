import { TRAINING_TEXTS, trainingEndpoints } from '@dihs/contract/training';
import MenuItem from '@mui/material/MenuItem';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useVorlagenAuswahl } from '../api/training-api.ts';

const LEER = 'leer';

/** The choice: "Leerer Plan", or a template's id as the endpoint "aus Vorlage" reads it. */
const auswahlSchema = z.object({
  vorlage: z.union([z.literal(LEER), trainingEndpoints.planSetAusVorlage.params.shape.id]),
});

interface NeuerPlanDialogProps {
  pending: boolean;
  /** null: an empty plan ("Leerer Plan"). */
  onCreate: (vorlageId: number | null) => void;
  onClose: () => void;
}

/** "Neuer Trainingsplan": Vorlage (default "Leerer Plan"), Abbrechen, Erstellen (spec 3). */
export function NeuerPlanDialog({ pending, onCreate, onClose }: NeuerPlanDialogProps) {
  const vorlagen = useVorlagenAuswahl();
  const form = useContractForm(auswahlSchema, { vorlage: LEER }, { submitParsed: true });
  return (
    <FormDialog
      title="Neuer Trainingsplan"
      maxWidth="xs"
      valid={form.formState.isValid}
      pending={pending}
      onSubmit={form.handleSubmit(({ vorlage }) => {
        if (!pending) onCreate(vorlage === LEER ? null : vorlage);
      })}
      onClose={onClose}
      submitLabel="Erstellen"
    >
      <FormTextField control={form.control} name="vorlage" select label="Vorlage:" sx={{ mt: 1 }}>
        <MenuItem value={LEER}>{TRAINING_TEXTS.leererPlan}</MenuItem>
        {vorlagen.data?.map((v) => (
          <MenuItem key={v.id} value={String(v.id)}>
            {v.befund}
          </MenuItem>
        ))}
      </FormTextField>
    </FormDialog>
  );
}
