import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type CountedTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'helperText'> & {
  value: string;
  onChange: (value: string) => void;
  /** The field's limit: shown as the counter `n/max`. */
  max: number;
  /** The rule's German message, shown under the field; undefined while the value is valid or untouched. */
  error?: string | undefined;
};

/**
 * A text field with the spec's character counter (`n/max`) and its rule message under it. Typing past the limit
 * is not blocked, so the user sees "Maximale Länge beachten" instead of silently losing characters (e.g. a
 * pasted text).
 */
export function CountedTextField({ value, onChange, max, error, ...props }: CountedTextFieldProps) {
  return (
    <TextField
      fullWidth
      margin="dense"
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={
        <Box component="span" sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
          <span>{error ?? ''}</span>
          <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
            {value.length}/{max}
          </Box>
        </Box>
      }
    />
  );
}
