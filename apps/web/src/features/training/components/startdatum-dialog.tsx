import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimeField } from '@mui/x-date-pickers/TimeField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { deDE } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import { useId, useState } from 'react';
import { berlinToUtc, utcToBerlin } from '@dihs/contract/common/time';

/**
 * The valid-from in the form of spec 3 section 9 (date, 'T', time, ':00.000Z'): the date and time entered are
 * Berlin time, sent as the UTC instant they mean, so "valid from 10:00" starts at 10:00 here (docs/decisions.md).
 */
export const validFromText = (datum: Dayjs, zeit: Dayjs) =>
  berlinToUtc(datum.format('YYYY-MM-DD'), zeit.format('HH:mm')).toISOString();

/** "DD.MM.YYYY - HH:MM" of a valid-from, in Berlin time. */
export const planAbLabel = (validFrom: string) => {
  const [datum = '', zeit = ''] = utcToBerlin(validFrom);
  const [jahr, monat, tag] = datum.split('-');
  return `${tag}.${monat}.${jahr} - ${zeit.slice(0, 5)}`;
};

const pickerText = deDE.components.MuiLocalizationProvider.defaultProps.localeText;

interface StartdatumDialogProps {
  validFrom: string;
  pending: boolean;
  onApply: (validFrom: string) => void;
  onClose: () => void;
}

/** "Startdatum Ändern": date (German picker, weeks from Monday) and 24 h time; Abbrechen, Übernehmen. */
export function StartdatumDialog({ validFrom, pending, onApply, onClose }: StartdatumDialogProps) {
  const titleId = useId();
  const [tag, uhrzeit] = utcToBerlin(validFrom);
  const start = dayjs(`${tag}T${uhrzeit.slice(0, 5)}`);
  const [datum, setDatum] = useState<Dayjs | null>(start);
  const [zeit, setZeit] = useState<Dayjs | null>(start);
  const gewaehlt = datum?.isValid() && zeit?.isValid() ? { datum, zeit } : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="de" localeText={pickerText}>
      <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Startdatum Ändern</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DatePicker label="Datum" value={datum} onChange={setDatum} />
            <TimeField label="Uhrzeit" value={zeit} onChange={setZeit} ampm={false} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Abbrechen
          </Button>
          <Button
            variant="contained"
            disabled={!gewaehlt}
            loading={pending}
            onClick={() => gewaehlt && onApply(validFromText(gewaehlt.datum, gewaehlt.zeit))}
          >
            Übernehmen
          </Button>
        </DialogActions>
      </Dialog>
    </LocalizationProvider>
  );
}
