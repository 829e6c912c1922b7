import { addDays, berlinDay } from '@dihs/contract/common/time';
import {
  statistikEndpoints,
  statistikFileName,
  statistikQuerySchema,
  STATISTIK_SPALTEN,
} from '@dihs/contract/statistik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import { useState } from 'react';
import { z } from 'zod';
import { FormDayjsField } from '../../../components/form-dayjs-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';

const pickerText = deDE.components.MuiLocalizationProvider.defaultProps.localeText;

const tag = (value: Dayjs | null) => (value?.isValid() ? value.format('YYYY-MM-DD') : '');

/**
 * The range as the download's query, checked by the contract's schema (a day that is not one, at most five years).
 * The range is sorted by date (spec 3 section 5): "Bis" before "Von" swaps them.
 */
const zeitraumSchema = z
  .object({ from: z.custom<Dayjs | null>(), to: z.custom<Dayjs | null>() })
  .transform(({ from, to }) => {
    const range = { from: tag(from), to: tag(to) };
    return range.from && range.to && range.from > range.to ? { from: range.to, to: range.from } : range;
  })
  .pipe(statistikQuerySchema);

/**
 * /betreiber/statistik: the "Zeitraum" and "Herunterladen" of spec 3. Spec 3 heads it "TERMINPLAN", a copy of the
 * appointment pages that says nothing about statistics (issue 32); the heading is the menu entry that leads here.
 */
export function StatistikPage() {
  const [today] = useState(berlinDay);
  const form = useContractForm(
    zeitraumSchema,
    { from: dayjs(addDays(today, -30)), to: dayjs(today) },
    { submitParsed: true },
  );
  const download = useEndpointMutation(statistikEndpoints.herunterladen, {
    onSuccess: (blob, input) => saveFile(blob, statistikFileName(input.query.from, input.query.to)),
  });
  const herunterladen = form.handleSubmit((query) => download.mutate({ query }));

  return (
    <Box sx={{ p: { xs: 1, md: 3 }, maxWidth: 700 }}>
      <Typography variant="h1" gutterBottom>
        Statistik herunterladen
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Aufrufe von Trainingsplänen und Videos je Tag als CSV-Datei (Spalten: {STATISTIK_SPALTEN.join(', ')}).
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void herunterladen(event)}>
        <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="de" localeText={pickerText}>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
              Zeitraum
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormDayjsField control={form.control} name="from" kind="datum" label="Von" />
              <FormDayjsField control={form.control} name="to" kind="datum" label="Bis" />
            </Stack>
          </Box>
        </LocalizationProvider>
        <Button
          type="submit"
          variant="contained"
          sx={{ mt: 2 }}
          disabled={!form.formState.isValid}
          loading={download.isPending}
        >
          Herunterladen
        </Button>
      </Box>
      {download.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {isApiError(download.error, 400) ? download.error.message : 'Die Statistik konnte nicht geladen werden.'}
        </Alert>
      )}
    </Box>
  );
}
