import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues, type PathValue } from 'react-hook-form';
import { CountedTextField } from './counted-text-field.tsx';

export type FormTextFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'error'
> & {
  /** The form's control; `O` is what it submits (the values as typed, or the schema's output). */
  control: Control<T, unknown, O>;
  name: N;
  /** With a limit the field shows the spec's counter `n/max` (CountedTextField). */
  max?: number;
  /** What the typed text becomes in the form: a trimmed code, a chosen id, ... Default: the text as typed. */
  parse?: (text: string) => PathValue<T, N>;
  /** Shown under the field while it has no message, e.g. the expected format; ' ' keeps the row's height. */
  helperText?: ReactNode;
  /** Runs with each value the user enters, for state kept outside the form (e.g. a tree being edited). */
  onValueChange?: (value: PathValue<T, N>) => void;
};

/**
 * A MUI text field (or select, with `select` and MenuItem children) bound to a react-hook-form field: the value,
 * its change and leave, and the first message of the form's schema as `error`/`helperText`.
 */
export function FormTextField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  control,
  name,
  max,
  parse,
  helperText,
  onBlur,
  onValueChange,
  ...props
}: FormTextFieldProps<T, N, O>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  const value: unknown = field.value;
  const text = value === null || value === undefined ? '' : (value as string | number);
  const change = (text: string) => {
    const next = parse ? parse(text) : (text as PathValue<T, N>);
    field.onChange(next);
    onValueChange?.(next);
  };
  const leave: TextFieldProps['onBlur'] = (event) => {
    field.onBlur();
    onBlur?.(event);
  };

  if (max !== undefined) {
    return (
      <CountedTextField
        {...props}
        name={field.name}
        inputRef={field.ref}
        value={String(text)}
        onChange={change}
        onBlur={leave}
        max={max}
        error={message}
      />
    );
  }
  return (
    <TextField
      fullWidth
      margin="dense"
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => change(event.target.value)}
      onBlur={leave}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
}

interface FormFlagProps<T extends FieldValues, N extends FieldPath<T>, O = T> {
  control: Control<T, unknown, O>;
  name: N;
  label: ReactNode;
  /** Runs after the flag changed, for fields that follow it. */
  onToggle?: (checked: boolean) => void;
}

function FormFlag<T extends FieldValues, N extends FieldPath<T>, O = T>({
  control,
  name,
  label,
  onToggle,
  kind,
}: FormFlagProps<T, N, O> & { kind: 'switch' | 'checkbox' }) {
  const { field } = useController({ control, name });
  const Control = kind === 'switch' ? Switch : Checkbox;
  return (
    <FormControlLabel
      label={label}
      control={
        <Control
          name={field.name}
          checked={field.value === true}
          onChange={(event) => {
            field.onChange(event.target.checked);
            onToggle?.(event.target.checked);
          }}
          onBlur={field.onBlur}
        />
      }
    />
  );
}

/** A boolean form field as a labelled MUI switch. */
export function FormSwitch<T extends FieldValues, N extends FieldPath<T>, O = T>(props: FormFlagProps<T, N, O>) {
  return <FormFlag {...props} kind="switch" />;
}

/** A boolean form field as a labelled MUI checkbox. */
export function FormCheckbox<T extends FieldValues, N extends FieldPath<T>, O = T>(props: FormFlagProps<T, N, O>) {
  return <FormFlag {...props} kind="checkbox" />;
}
