import { LIMITS } from '@dihs/contract/common/constants';
import TextField from '@mui/material/TextField';

export const EMAIL_MISSING = 'Bitte geben Sie Ihre E-Mail-Adresse ein.';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoFocus?: boolean;
}

/** The e-mail field shared by the login and the password reset view, which keep the same address. */
export function EmailField({ value, onChange, error, autoFocus = false }: EmailFieldProps) {
  return (
    <TextField
      label="E-Mail"
      type="email"
      autoComplete="username"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      autoFocus={autoFocus}
      fullWidth
      margin="dense"
      slotProps={{ htmlInput: { maxLength: LIMITS.email, 'aria-required': true } }}
    />
  );
}
