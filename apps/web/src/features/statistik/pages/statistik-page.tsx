import { addDays, berlinDay } from '@dihs/contract/common/time';
import { statistikEndpoints, statistikFileName, STATISTIK_SPALTEN } from '@dihs/contract/statistik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { saveFile } from '../../../lib/save-file.ts';

const pickerText = deDE.components.MuiLocalizationProvider.defaultProps.localeText;

/** /betreiber/statistik: the "Zeitraum" and "Herunterladen" of spec 3 ("TERMINPLAN" heading, as the spec says). */
export function StatistikPage() {
  const today = berlinDay();
  const [von, setVon] = useState<Dayjs | null>(dayjs(addDays(today, -30)));
  const [bis, setBis] = useState<Dayjs | null>(dayjs(today));
  const download = useEndpointMutation(statistikEndpoints.herunterladen, {
    onSuccess: (blob, input) => saveFile(blob, statistikFileName(input.query.from, input.query.to)),
  });
  const gewaehlt =
    von?.isValid() && bis?.isValid() ? { from: von.format('YYYY-MM-DD'), to: bis.format('YYYY-MM-DD') } : null;
  // the range is sorted by date (spec 3 section 5)
  const query = gewaehlt && gewaehlt.from > gewaehlt.to ? { from: gewaehlt.to, to: gewaehlt.from } : gewaehlt;

  return (
    <Box sx={{ p: { xs: 1, md: 3 }, maxWidth: 700 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        TERMINPLAN
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Aufrufe von Trainingsplänen und Videos je Tag als CSV-Datei (Spalten: {STATISTIK_SPALTEN.join(', ')}).
      </Typography>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="de" localeText={pickerText}>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
            Zeitraum
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <DatePicker label="Von" value={von} onChange={setVon} />
            <DatePicker label="Bis" value={bis} onChange={setBis} />
          </Stack>
        </Box>
      </LocalizationProvider>
      <Button
        variant="contained"
        sx={{ mt: 2 }}
        disabled={!query}
        loading={download.isPending}
        onClick={() => query && download.mutate({ query })}
      >
        Herunterladen
      </Button>
      {download.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {isApiError(download.error, 400) ? download.error.message : 'Die Statistik konnte nicht geladen werden.'}
        </Alert>
      )}
    </Box>
  );
}
