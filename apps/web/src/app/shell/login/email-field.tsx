import { LIMITS } from '@dihs/contract/common/constants';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields.tsx';

interface EmailFieldProps<T extends FieldValues, O> {
  /** A form with the field `email` (the login or the reset request). */
  control: Control<T, unknown, O>;
  /** Runs with each address typed, for the dialog that hands it on to the other view; without it the field is fixed. */
  onChange?: ((email: string) => void) | undefined;
  autoFocus?: boolean;
}

/** The e-mail field shared by the login and the password reset view, which keep the same address. */
export function EmailField<T extends FieldValues & { email: string }, O>({
  control,
  onChange,
  autoFocus = false,
}: EmailFieldProps<T, O>) {
  return (
    <FormTextField
      control={control}
      name={'email' as FieldPath<T>}
      onValueChange={(value) => onChange?.(String(value))}
      label="E-Mail"
      type="email"
      autoComplete="username"
      autoFocus={autoFocus}
      slotProps={{ htmlInput: { maxLength: LIMITS.email, 'aria-required': true, readOnly: !onChange } }}
    />
  );
}
