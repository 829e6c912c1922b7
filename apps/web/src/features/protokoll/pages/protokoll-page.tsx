import { PATIENT_RECORD_LABELS } from '@dihs/contract/common/patient-records';
import { ROLE_LABELS } from '@dihs/contract/common/roles';
import {
  PROTOKOLL_AKTION_LABELS,
  PROTOKOLL_ERGEBNIS_LABELS,
  PROTOKOLL_LIMITS,
  PROTOKOLL_TEXTS,
  protokollQuerySchema,
  type ProtokollEintrag,
  type ProtokollQuery,
} from '@dihs/contract/protokoll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE } from '@mui/x-date-pickers/locales';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import { useState } from 'react';
import { z } from 'zod';
import { FormDayjsField } from '../../../components/form-dayjs-field.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useProtokoll } from '../api/protokoll-api.ts';
import { entryTime, personName } from '../components/person-label.ts';
import { ZugriffeTabelle, type ZugriffSpalte } from '../components/zugriffe-tabelle.tsx';

const pickerText = deDE.components.MuiLocalizationProvider.defaultProps.localeText;
const PAGE_SIZES = [25, 50, 100];

type Filter = {
  patient: string;
  benutzer: string;
  von: Dayjs | null;
  bis: Dayjs | null;
};
const EMPTY: Filter = { patient: '', benutzer: '', von: null, bis: null };

const day = (value: Dayjs | null) => (value?.isValid() ? value.format('YYYY-MM-DD') : undefined);

/** The filter as the query asks for it; a day typed only halfway is left out. */
function toQuery(filter: Filter): ProtokollQuery {
  return {
    ...(filter.patient.trim() ? { patient: filter.patient.trim() } : {}),
    ...(filter.benutzer.trim() ? { benutzer: filter.benutzer.trim() } : {}),
    ...(day(filter.von) ? { von: day(filter.von) } : {}),
    ...(day(filter.bis) ? { bis: day(filter.bis) } : {}),
  };
}

/** The filter checked by the contract's query schema: its rule "Bis" not before "Von" speaks under "Bis". */
const filterSchema = z
  .object({
    patient: z.string(),
    benutzer: z.string(),
    von: z.custom<Dayjs | null>(),
    bis: z.custom<Dayjs | null>(),
  })
  .transform(toQuery)
  .pipe(protokollQuerySchema);

function ergebnisText(entry: ProtokollEintrag): string {
  const label = PROTOKOLL_ERGEBNIS_LABELS[entry.ergebnis];
  return entry.ergebnis === 'ERLAUBT' ? label : `${label} (${entry.status})`;
}

const SPALTEN: ZugriffSpalte<ProtokollEintrag>[] = [
  { titel: PROTOKOLL_TEXTS.zeitpunkt, wert: (entry) => entryTime(entry.zeitpunkt), nowrap: true },
  { titel: PROTOKOLL_TEXTS.wer, wert: (entry) => personName(entry.akteur) },
  { titel: PROTOKOLL_TEXTS.rolle, wert: (entry) => ROLE_LABELS[entry.akteurRolle] },
  {
    titel: PROTOKOLL_TEXTS.patient,
    wert: (entry) => (entry.patient.userId === null ? PROTOKOLL_TEXTS.geloescht : personName(entry.patient)),
  },
  {
    titel: PROTOKOLL_TEXTS.art,
    wert: (entry) =>
      entry.datensatzId === null
        ? PATIENT_RECORD_LABELS[entry.art]
        : `${PATIENT_RECORD_LABELS[entry.art]} (${PROTOKOLL_TEXTS.datensatz} ${entry.datensatzId})`,
  },
  { titel: PROTOKOLL_TEXTS.aktion, wert: (entry) => PROTOKOLL_AKTION_LABELS[entry.aktion] },
  { titel: PROTOKOLL_TEXTS.ergebnis, wert: ergebnisText },
  { titel: PROTOKOLL_TEXTS.adresse, wert: (entry) => entry.adresse ?? '–' },
];

/** /betreiber/protokoll: who accessed which patient's records, when, from where, with which outcome. */
export function ProtokollPage() {
  const form = useContractForm(filterSchema, EMPTY);
  const { control } = form;
  const [applied, setApplied] = useState<Filter>(EMPTY);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(PAGE_SIZES[0]!);
  const query = useProtokoll({ ...toQuery(applied), page, size });

  const apply = form.handleSubmit((filter) => {
    setApplied(filter);
    setPage(0);
  });
  const reset = () => {
    form.reset(EMPTY);
    setApplied(EMPTY);
    setPage(0);
  };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {PROTOKOLL_TEXTS.titel}
      </Typography>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="de" localeText={pickerText}>
        <Box
          component="form"
          role="search"
          aria-label="Protokollfilter"
          noValidate
          onSubmit={(event) => void apply(event)}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}
        >
          {(['patient', 'benutzer'] as const).map((name) => (
            <FormTextField
              key={name}
              control={control}
              name={name}
              size="small"
              fullWidth={false}
              margin="none"
              label={PROTOKOLL_TEXTS[name]}
              helperText="Name oder E-Mail"
              slotProps={{ htmlInput: { maxLength: PROTOKOLL_LIMITS.suche } }}
            />
          ))}
          {(['von', 'bis'] as const).map((name) => (
            <FormDayjsField
              key={name}
              control={control}
              name={name}
              kind="datum"
              size="small"
              label={PROTOKOLL_TEXTS[name]}
              clearable
            />
          ))}
          <Button type="submit" variant="contained" disabled={!form.formState.isValid}>
            {PROTOKOLL_TEXTS.filtern}
          </Button>
          <Button onClick={reset}>{PROTOKOLL_TEXTS.zuruecksetzen}</Button>
        </Box>
      </LocalizationProvider>
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        <QueryState
          query={query}
          loading="Protokoll wird geladen"
          failed="Das Zugriffsprotokoll konnte nicht geladen werden."
        >
          {(data) =>
            data.gesamt === 0 ? (
              <Typography sx={{ p: 1 }}>{PROTOKOLL_TEXTS.keineEintraege}</Typography>
            ) : (
              <ZugriffeTabelle
                label={PROTOKOLL_TEXTS.titel}
                spalten={SPALTEN}
                seite={data}
                page={page}
                size={size}
                sizes={PAGE_SIZES}
                onPage={setPage}
                onSize={(next) => {
                  setSize(next);
                  setPage(0);
                }}
              />
            )
          }
        </QueryState>
      </Paper>
    </Container>
  );
}
