import CalendarTodayIcon from '@mui/icons-material/CalendarToday';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useState } from 'react';
import type { TextPickerProps } from './text-date-pickers.tsx';

// MUI X pickers and dayjs (about 60 KB compressed) load when a date field is first used, not with the page
const loadPickers = () => import('./text-date-pickers.tsx');
const TextPicker = lazy(async () => ({ default: (await loadPickers()).TextPicker }));

const PLACEHOLDERS: Record<TextPickerProps['kind'], string> = {
  datum: 'TT.MM.JJJJ',
  tag: 'JJJJ-MM-TT',
  uhrzeit: 'HH:MM',
};

/**
 * A date or time picker (TextPicker) that starts as a plain text field of the same size: the picker's code is
 * fetched when the pointer comes near the field and swapped in when the field is focused or its calendar button is
 * pressed, focused (and opened) where the plain field was. Typing into the plain field meanwhile works: it holds the
 * same German text ("TT.MM.JJJJ") the picker writes.
 */
export function LazyTextPicker(props: TextPickerProps) {
  const [used, setUsed] = useState<'focus' | 'calendar' | null>(null);
  const prefetch = () => {
    void loadPickers().catch(() => {
      // tried again when the field is used
    });
  };
  const plain = (
    <TextField
      label={props.label}
      value={props.text}
      onChange={(event) => props.onText(event.target.value)}
      onBlur={props.onBlur}
      onFocus={() => setUsed((current) => current ?? 'focus')}
      onPointerEnter={prefetch}
      onTouchStart={prefetch}
      name={props.name}
      required={props.required}
      error={props.error}
      helperText={props.helperText}
      size={props.size}
      fullWidth={props.fullWidth}
      placeholder={PLACEHOLDERS[props.kind]}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                size={props.size}
                aria-label={props.kind === 'uhrzeit' ? 'Uhrzeit auswählen' : 'Datum auswählen'}
                onClick={() => setUsed('calendar')}
              >
                <CalendarTodayIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
  if (!used) return plain;
  return (
    <Suspense fallback={plain}>
      <TextPicker {...props} autoFocus openFirst={used === 'calendar'} />
    </Suspense>
  );
}
