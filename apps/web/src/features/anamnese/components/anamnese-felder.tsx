import type { AnamneseSpeichern } from '@dihs/contract/anamnese';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useController, type Control, type FieldPathByValue } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields.tsx';

type Form = AnamneseSpeichern;
type Ctl = Control<Form>;

/** A number field: empty is null, a comma counts as the decimal point, anything else stays text for the message. */
export function ZahlFeld({
  control,
  name,
  label,
  required,
}: {
  control: Ctl;
  name: FieldPathByValue<Form, number | null>;
  label: string;
  required?: boolean;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required={required}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      parse={(text) => {
        const trimmed = text.trim();
        if (trimmed === '') return null;
        const value = Number(trimmed.replace(',', '.'));
        // the schema answers "Bitte eine Zahl eingeben." for text; the field keeps what was typed
        return (Number.isFinite(value) ? value : text) as number | null;
      }}
    />
  );
}

/** A 1..10 slider; unset until moved (the summary shows "–"). */
export function SkalaFeld({
  control,
  name,
  label,
}: {
  control: Ctl;
  name: FieldPathByValue<Form, number | null>;
  label: string;
}) {
  const labelId = useId();
  const { field } = useController({ control, name });
  return (
    <FormControl fullWidth margin="dense">
      <Typography id={labelId} gutterBottom>
        {label}: {field.value === null ? 'keine Angabe' : `${field.value}/10`}
      </Typography>
      <Slider
        aria-labelledby={labelId}
        name={field.name}
        value={field.value ?? 1}
        min={1}
        max={10}
        step={1}
        marks
        valueLabelDisplay="auto"
        onChange={(_, value) => field.onChange(value)}
        onBlur={field.onBlur}
        sx={{ maxWidth: 420, opacity: field.value === null ? 0.5 : 1 }}
      />
    </FormControl>
  );
}

/** One of the spec's coded answers (0, 1, 2, ...) as a labelled radio group. */
export function WahlFeld({
  control,
  name,
  label,
  optionen,
}: {
  control: Ctl;
  name: FieldPathByValue<Form, number | null>;
  label: string;
  optionen: readonly string[];
}) {
  const labelId = useId();
  const { field, fieldState } = useController({ control, name });
  return (
    <FormControl component="fieldset" margin="dense" error={Boolean(fieldState.error)}>
      <FormLabel component="legend" id={labelId}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={field.value === null ? '' : String(field.value)}
        onChange={(event) => field.onChange(Number(event.target.value))}
      >
        {optionen.map((option, code) => (
          <FormControlLabel key={option} value={String(code)} control={<Radio />} label={option} />
        ))}
      </RadioGroup>
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}

/** A calendar day (ISO "YYYY-MM-DD" in the form) with the German date picker. */
export function DatumFeld({
  control,
  name,
  label,
}: {
  control: Ctl;
  name: FieldPathByValue<Form, string | null>;
  label: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DatePicker
      label={label}
      value={field.value ? dayjs(field.value) : null}
      onChange={(value) => field.onChange(value?.isValid() ? value.format('YYYY-MM-DD') : null)}
      slotProps={{
        textField: {
          margin: 'dense',
          name: field.name,
          onBlur: field.onBlur,
          error: Boolean(fieldState.error),
          helperText: fieldState.error?.message,
        },
      }}
    />
  );
}
