import { LIMITS } from '@dihs/contract/common/constants';
import { PASSWORD_SPECIAL_CHARS } from '@dihs/contract/common/rules';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './form-fields.tsx';

/** The password rules of spec 1 section 5 in one sentence, for the hint above the fields. */
export const PASSWORD_RULES_HINT = `8 bis 40 Zeichen, mit mindestens einem Groß- und einem Kleinbuchstaben, einer Zahl und einem dieser Sonderzeichen: ${[
  ...PASSWORD_SPECIAL_CHARS,
]
  .map((c) => (c === ' ' ? 'Leerzeichen' : c))
  .join(' ')}`;

/** A form with the contract's pair `passwort` and `passwortWiederholen`. */
type PasswordPairForm = FieldValues & { passwort: string; passwortWiederholen?: string | undefined };

export interface PasswordPairFieldsProps<T extends PasswordPairForm> {
  control: Control<T>;
  /** "Passwort" unless the form needs another name (e.g. "Neues Passwort" beside the current one). */
  passwortLabel?: string;
  wiederholungLabel?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}

/**
 * A new password and its repetition with the 40-character counters, the rules as a hint, and one switch that
 * shows or hides both (so the user can check what they typed).
 */
export function PasswordPairFields<T extends PasswordPairForm>({
  control,
  passwortLabel = 'Passwort',
  wiederholungLabel = 'Passwort wiederholen',
  autoFocus = false,
  disabled = false,
}: PasswordPairFieldsProps<T>) {
  const [visible, setVisible] = useState(false);
  const type = visible ? 'text' : 'password';
  const toggle = (
    <InputAdornment position="end">
      <IconButton
        aria-label={visible ? 'Passwörter verbergen' : 'Passwörter anzeigen'}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
        edge="end"
      >
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Passwortregeln: {PASSWORD_RULES_HINT}.
      </Typography>
      <FormTextField
        control={control}
        name={'passwort' as FieldPath<T>}
        label={passwortLabel}
        type={type}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        disabled={disabled}
        max={LIMITS.passwortMax}
        slotProps={{ input: { endAdornment: toggle } }}
      />
      <FormTextField
        control={control}
        name={'passwortWiederholen' as FieldPath<T>}
        label={wiederholungLabel}
        type={type}
        autoComplete="new-password"
        required
        disabled={disabled}
        max={LIMITS.passwortMax}
      />
    </>
  );
}
