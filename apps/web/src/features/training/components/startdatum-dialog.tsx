import { berlinToUtc, utcToBerlin } from '@dihs/contract/common/time';
import { changeDateBodySchema, TRAINING_TEXTS } from '@dihs/contract/training';
import Stack from '@mui/material/Stack';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormDayjsField } from '../../../components/form-dayjs-field.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';

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

/** Date and time as the valid-from the server reads, checked by the contract's rule; its message under "Datum". */
const startSchema = z
  .object({ datum: z.custom<Dayjs | null>(), zeit: z.custom<Dayjs | null>() })
  .transform(({ datum, zeit }, ctx) => {
    if (!datum?.isValid()) ctx.addIssue({ code: 'custom', path: ['datum'], message: TRAINING_TEXTS.datumUngueltig });
    if (!zeit?.isValid()) ctx.addIssue({ code: 'custom', path: ['zeit'], message: TRAINING_TEXTS.datumUngueltig });
    if (!datum?.isValid() || !zeit?.isValid()) return z.NEVER;
    const validFrom = validFromText(datum, zeit);
    const checked = changeDateBodySchema.shape.validFrom.safeParse(validFrom);
    if (!checked.success) ctx.addIssue({ code: 'custom', path: ['datum'], message: TRAINING_TEXTS.datumUngueltig });
    return { validFrom };
  });

interface StartdatumDialogProps {
  validFrom: string;
  pending: boolean;
  onApply: (validFrom: string) => void;
  onClose: () => void;
}

/** "Startdatum Ändern": date (German picker, weeks from Monday) and 24 h time; Abbrechen, Übernehmen. */
export function StartdatumDialog({ validFrom, pending, onApply, onClose }: StartdatumDialogProps) {
  const [tag, uhrzeit] = utcToBerlin(validFrom);
  const start = dayjs(`${tag}T${uhrzeit.slice(0, 5)}`);
  const form = useContractForm(startSchema, { datum: start, zeit: start }, { submitParsed: true });
  return (
    <FormDialog
      title="Startdatum Ändern"
      maxWidth="xs"
      valid={form.formState.isValid}
      pending={pending}
      onSubmit={form.handleSubmit((start) => {
        if (!pending) onApply(start.validFrom);
      })}
      onClose={onClose}
      submitLabel="Übernehmen"
    >
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="de" localeText={pickerText}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormDayjsField control={form.control} name="datum" kind="datum" label="Datum" />
          <FormDayjsField control={form.control} name="zeit" kind="uhrzeit" label="Uhrzeit" />
        </Stack>
      </LocalizationProvider>
    </FormDialog>
  );
}
