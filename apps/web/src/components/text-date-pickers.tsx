import type { TextFieldProps } from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { deDE } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import { useState, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * Date and time fields as German pickers (issue 15: dates are picked, not typed; typing still works) for forms and
 * filters that keep the German text ("TT.MM.JJJJ", "HH:MM") their schemas check. The picker's value is the text
 * read as a date; what the picker gives back is written as that text again, and a date typed only halfway becomes
 * `UNVOLLSTAENDIG`, which the schema refuses with its message.
 */

const pickerText = deDE.components.MuiLocalizationProvider.defaultProps.localeText;
export const UNVOLLSTAENDIG = '–';

/** dayjs `de`: weeks from Monday, 24 h. */
export function DePickers({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="de" localeText={pickerText}>
      {children}
    </LocalizationProvider>
  );
}

const DAY = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const TIME = /^(\d{2}):(\d{2})$/;

const KINDS = {
  datum: {
    read: (text: string): Dayjs | null => {
      const m = DAY.exec(text.trim());
      return m ? dayjs(`${m[3]}-${m[2]}-${m[1]}`) : null;
    },
    write: (value: Dayjs) => value.format('DD.MM.YYYY'),
  },
  /** A calendar day as the API carries it (YYYY-MM-DD), e.g. a birthday. */
  tag: {
    read: (text: string): Dayjs | null => (/^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? dayjs(text.trim()) : null),
    write: (value: Dayjs) => value.format('YYYY-MM-DD'),
  },
  uhrzeit: {
    read: (text: string): Dayjs | null => {
      const m = TIME.exec(text.trim());
      return m ? dayjs(`2000-01-01T${m[1]}:${m[2]}`) : null;
    },
    write: (value: Dayjs) => value.format('HH:mm'),
  },
} as const;
type Kind = keyof typeof KINDS;

export interface TextPickerProps {
  kind: Kind;
  label: string;
  text: string;
  onText: (text: string) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: TextFieldProps['size'];
  fullWidth?: boolean;
  /** Focuses the field on mount (LazyTextPicker swaps the picker in where a plain field was focused). */
  autoFocus?: boolean;
  /** Opens the calendar on mount (LazyTextPicker: its calendar button was pressed). */
  openFirst?: boolean;
}

/** One German date or time picker bound to its text. */
export function TextPicker({
  kind,
  label,
  text,
  onText,
  onBlur,
  name,
  required,
  error,
  helperText,
  size,
  fullWidth,
  autoFocus,
  openFirst = false,
}: TextPickerProps) {
  const { read, write } = KINDS[kind];
  const [open, setOpen] = useState(openFirst);
  // the picker's own value object is kept while the text is the one it gave: a half-typed date stays as typed
  const [shown, setShown] = useState<{ text: string; value: Dayjs | null }>(() => ({ text, value: read(text) }));
  let current = shown;
  if (shown.text !== text) {
    current = { text, value: read(text) };
    setShown(current);
  }
  const change = (value: Dayjs | null) => {
    const next = value === null ? '' : value.isValid() ? write(value) : UNVOLLSTAENDIG;
    setShown({ text: next, value });
    onText(next);
  };
  const textField = { name, required, error, helperText, size, fullWidth, onBlur };
  const opening = { autoFocus, open, onOpen: () => setOpen(true), onClose: () => setOpen(false) };
  return (
    <DePickers>
      {kind !== 'uhrzeit' ? (
        <DatePicker label={label} value={current.value} onChange={change} slotProps={{ textField }} {...opening} />
      ) : (
        <TimePicker
          label={label}
          value={current.value}
          onChange={change}
          ampm={false}
          slotProps={{ textField }}
          {...opening}
        />
      )}
    </DePickers>
  );
}

/** A form's date or time field (react-hook-form) as a German picker; the schema's message shows below. */
export function FormTextPicker<T extends FieldValues>({
  control,
  name,
  kind,
  label,
  required,
  helperText,
  size,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  kind: Kind;
  label: string;
  required?: boolean;
  helperText?: string;
  size?: TextFieldProps['size'];
}) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextPicker
      kind={kind}
      label={label}
      name={field.name}
      text={typeof field.value === 'string' ? field.value : ''}
      onText={field.onChange}
      onBlur={field.onBlur}
      required={required}
      error={Boolean(message)}
      helperText={message ?? helperText ?? ' '}
      size={size}
    />
  );
}
