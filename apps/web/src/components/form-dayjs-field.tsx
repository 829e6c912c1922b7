import type { TextFieldProps } from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimeField } from '@mui/x-date-pickers/TimeField';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormDayjsFieldProps<T extends FieldValues, O = T> {
  /** The form's control; `O` is what it submits. */
  control: Control<T, unknown, O>;
  /** A field whose value is a dayjs date (or null): the form's schema turns it into what the server reads. */
  name: FieldPath<T>;
  /** datum: the German calendar picker; uhrzeit: a 24 h time field. */
  kind: 'datum' | 'uhrzeit';
  label: string;
  size?: TextFieldProps['size'];
  /** Shown under the field while it has no message. */
  helperText?: ReactNode;
  /** The picker's clear button. */
  clearable?: boolean;
}

/**
 * A form's date or time as a MUI X field (inside DePickers or a LocalizationProvider with dayjs `de`): the value,
 * its change and leave, and the first message of the form's schema below it. Without a message the picker's own
 * check still marks a date typed halfway.
 */
export function FormDayjsField<T extends FieldValues, O = T>({
  control,
  name,
  kind,
  label,
  size,
  helperText,
  clearable = false,
}: FormDayjsFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  const value = (field.value ?? null) as Dayjs | null;
  const text = {
    name: field.name,
    onBlur: field.onBlur,
    size,
    error: message ? true : undefined,
    helperText: message ?? helperText,
  };
  if (kind === 'uhrzeit') {
    return <TimeField label={label} value={value} onChange={field.onChange} ampm={false} {...text} />;
  }
  return (
    <DatePicker
      label={label}
      value={value}
      onChange={field.onChange}
      slotProps={{ textField: text, ...(clearable ? { field: { clearable: true } } : {}) }}
    />
  );
}
