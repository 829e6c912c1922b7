import { eintragFieldsSchema, TRAINING_LIMITS } from '@dihs/contract/training';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import { SaveFormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { VideoVorschau } from '../../../components/video-vorschau.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';

export type EintragForm = z.input<typeof eintragFieldsSchema>;

/** What a new entry starts with: one minute, ten times, three sets, half a minute's pause. */
export const NEUER_EINTRAG: EintragForm = { dauer: 60, anzahl: 10, pause: 30, wiederholungen: 3, information: '' };

/** The form's values of a saved entry (only the fields the form edits: the body schemas are strict). */
export const eintragForm = (e: EintragForm & object): EintragForm => ({
  dauer: e.dauer,
  anzahl: e.anzahl,
  pause: e.pause,
  wiederholungen: e.wiederholungen,
  information: e.information ?? '',
});

interface EintragDialogProps {
  /** "Übung im Trainingsplan bearbeiten" or "Übung zu Trainingsplan hinzufügen" (spec 3). */
  title: string;
  uebung: { titel: string; videoUrl: string; videoVorschauBildUrl: string | null };
  initial: EintragForm;
  save: { isPending: boolean; isError: boolean; error: Error | null; reset(): void };
  onSave: (fields: EintragForm) => void;
  onClose: () => void;
}

/** The answers whose message is about the input (said in the dialog); any other failure is the network error. */
const REFUSED = [400, 403, 404] as const;

const ZAHLEN = [
  ['dauer', 'Dauer (s)'],
  ['anzahl', 'Anzahl'],
  ['pause', 'Pause (s)'],
  ['wiederholungen', 'Sätze'],
] as const;

/** The numbers of an exercise in a plan or template, with the video preview; mount it per opening. */
export function EintragDialog({ title, uebung, initial, save, onSave, onClose }: EintragDialogProps) {
  const form = useContractForm(eintragFieldsSchema, initial, { save });
  const { control } = form;
  return (
    <SaveFormDialog
      title={title}
      maxWidth="sm"
      form={form}
      save={save}
      onSave={onSave}
      onClose={onClose}
      refusedWith={REFUSED}
    >
      <Typography variant="subtitle1" component="p" sx={{ mb: 1 }}>
        {uebung.titel}
      </Typography>
      <VideoVorschau url={uebung.videoUrl} bild={uebung.videoVorschauBildUrl} titel={uebung.titel} />
      <Grid container columnSpacing={2} sx={{ mt: 2 }}>
        {ZAHLEN.map(([name, label]) => (
          <Grid key={name} size={{ xs: 6, sm: 3 }}>
            <FormTextField
              control={control}
              name={name}
              label={label}
              required
              helperText=" "
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
        ))}
      </Grid>
      <FormTextField
        control={control}
        name="information"
        label="Informationen"
        multiline
        minRows={2}
        fullWidth
        max={TRAINING_LIMITS.information}
      />
    </SaveFormDialog>
  );
}
