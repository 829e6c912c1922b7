import { LIMITS } from '@dihs/contract/common/constants';
import { PASSWORD_SPECIAL_CHARS } from '@dihs/contract/common/rules';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CountedTextField } from './counted-text-field.tsx';

/** The password rules of spec 1 section 5 in one sentence, for the hint above the fields. */
export const PASSWORD_RULES_HINT = `8 bis 40 Zeichen, mit mindestens einem Groß- und einem Kleinbuchstaben, einer Zahl und einem dieser Sonderzeichen: ${[
  ...PASSWORD_SPECIAL_CHARS,
]
  .map((c) => (c === ' ' ? 'Leerzeichen' : c))
  .join(' ')}`;

export interface PasswordPairFieldsProps {
  passwort: string;
  wiederholung: string;
  onPasswortChange: (value: string) => void;
  onWiederholungChange: (value: string) => void;
  onPasswortBlur?: () => void;
  onWiederholungBlur?: () => void;
  /** The rule messages under each field; undefined while valid or untouched. */
  passwortError?: string | undefined;
  wiederholungError?: string | undefined;
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
export function PasswordPairFields({
  passwort,
  wiederholung,
  onPasswortChange,
  onWiederholungChange,
  onPasswortBlur,
  onWiederholungBlur,
  passwortError,
  wiederholungError,
  passwortLabel = 'Passwort',
  wiederholungLabel = 'Passwort wiederholen',
  autoFocus = false,
  disabled = false,
}: PasswordPairFieldsProps) {
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
      <CountedTextField
        label={passwortLabel}
        type={type}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        disabled={disabled}
        value={passwort}
        onChange={onPasswortChange}
        onBlur={onPasswortBlur}
        max={LIMITS.passwortMax}
        error={passwortError}
        slotProps={{ input: { endAdornment: toggle } }}
      />
      <CountedTextField
        label={wiederholungLabel}
        type={type}
        autoComplete="new-password"
        required
        disabled={disabled}
        value={wiederholung}
        onChange={onWiederholungChange}
        onBlur={onWiederholungBlur}
        max={LIMITS.passwortMax}
        error={wiederholungError}
      />
    </>
  );
}
