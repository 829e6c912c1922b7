import { PATIENT_RECORD_LABELS } from '@dihs/contract/common/patient-records';
import { ROLE_LABELS } from '@dihs/contract/common/roles';
import {
  PROTOKOLL_AKTION_LABELS,
  PROTOKOLL_ERGEBNIS_LABELS,
  PROTOKOLL_LIMITS,
  PROTOKOLL_TEXTS,
  type ProtokollEintrag,
  type ProtokollQuery,
} from '@dihs/contract/protokoll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE } from '@mui/x-date-pickers/locales';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import { useState, type FormEvent } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { useProtokoll } from '../api/protokoll-api.ts';
import { entryTime, personName } from '../components/person-label.ts';
import { ZugriffeTabelle, type ZugriffSpalte } from '../components/zugriffe-tabelle.tsx';

const pickerText = deDE.components.MuiLocalizationProvider.defaultProps.localeText;
const PAGE_SIZES = [25, 50, 100];

interface Filter {
  patient: string;
  benutzer: string;
  von: Dayjs | null;
  bis: Dayjs | null;
}
const EMPTY: Filter = { patient: '', benutzer: '', von: null, bis: null };

const day = (value: Dayjs | null) => (value?.isValid() ? value.format('YYYY-MM-DD') : undefined);

function toQuery(filter: Filter, page: number, size: number): ProtokollQuery {
  return {
    ...(filter.patient.trim() ? { patient: filter.patient.trim() } : {}),
    ...(filter.benutzer.trim() ? { benutzer: filter.benutzer.trim() } : {}),
    ...(day(filter.von) ? { von: day(filter.von) } : {}),
    ...(day(filter.bis) ? { bis: day(filter.bis) } : {}),
    page,
    size,
  };
}

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
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [applied, setApplied] = useState<Filter>(EMPTY);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(PAGE_SIZES[0]!);
  const query = useProtokoll(toQuery(applied, page, size));
  const rangeWrong = !!draft.von && !!draft.bis && draft.bis.isBefore(draft.von, 'day');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (rangeWrong) return;
    setApplied(draft);
    setPage(0);
  };
  const reset = () => {
    setDraft(EMPTY);
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
          onSubmit={apply}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label={PROTOKOLL_TEXTS.patient}
            helperText="Name oder E-Mail"
            value={draft.patient}
            onChange={(event) => setDraft({ ...draft, patient: event.target.value })}
            slotProps={{ htmlInput: { maxLength: PROTOKOLL_LIMITS.suche } }}
          />
          <TextField
            size="small"
            label={PROTOKOLL_TEXTS.benutzer}
            helperText="Name oder E-Mail"
            value={draft.benutzer}
            onChange={(event) => setDraft({ ...draft, benutzer: event.target.value })}
            slotProps={{ htmlInput: { maxLength: PROTOKOLL_LIMITS.suche } }}
          />
          <DatePicker
            label={PROTOKOLL_TEXTS.von}
            value={draft.von}
            onChange={(von) => setDraft({ ...draft, von })}
            slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
          />
          <DatePicker
            label={PROTOKOLL_TEXTS.bis}
            value={draft.bis}
            onChange={(bis) => setDraft({ ...draft, bis })}
            slotProps={{
              textField: {
                size: 'small',
                error: rangeWrong,
                helperText: rangeWrong ? PROTOKOLL_TEXTS.datumsbereich : undefined,
              },
              field: { clearable: true },
            }}
          />
          <Button type="submit" variant="contained" disabled={rangeWrong}>
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
