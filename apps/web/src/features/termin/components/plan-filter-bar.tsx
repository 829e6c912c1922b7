import { formatDayDe } from '@dihs/contract/common/time';
import { TERMIN_MESSAGES, TERMINTYPEN, type TerminFilterKind } from '@dihs/contract/termin';
import type { TherapeutListEntry } from '@dihs/contract/profil';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { TermintypCheckboxes } from '../../../components/termintyp-checkboxes.tsx';
import { LazyTextPicker } from '../../../components/lazy-text-picker.tsx';
import { filterDay, toggleTyp } from '../../../lib/termin-filter.ts';
import { defaultRange, FILTER_KIND_LABELS, type PlanFilter } from '../plan-filter.ts';

interface PlanFilterBarProps {
  filter: PlanFilter;
  onChange: (filter: PlanFilter) => void;
  onReset: () => void;
  /** Berlin day of today: the default range's start. */
  today: string;
  therapeuten: readonly TherapeutListEntry[];
  /** Befund names seen in the plan so far (patients cannot read the operators' Befund list). */
  befunde: readonly string[];
  /** "Nur Firmentermine" only for patients with a company (spec 2 section 6). */
  zeigeFirma: boolean;
}

const KINDS: readonly TerminFilterKind[] = ['frei', 'angemeldet', 'alle'];

/** The date fields' texts for a filter: the default range is shown when no date is set. */
function datesShown(filter: PlanFilter, today: string): { von: string; bis: string } {
  if (!filter.von && !filter.bis) return defaultRange(today);
  return { von: filter.von ?? '', bis: filter.bis ?? '' };
}

/** The filters of the plan (spec 2 "Patient appointment plan"); every change goes to the address at once. */
export function PlanFilterBar({
  filter,
  onChange,
  onReset,
  today,
  therapeuten,
  befunde,
  zeigeFirma,
}: PlanFilterBarProps) {
  const shown = datesShown(filter, today);
  const [vonText, setVonText] = useState(() => (shown.von ? formatDayDe(shown.von) : ''));
  const [bisText, setBisText] = useState(() => (shown.bis ? formatDayDe(shown.bis) : ''));
  // a filter set from outside (a link, "Filter zurücksetzen", back) rewrites fields that say something else
  const [synced, setSynced] = useState(shown);
  if (synced.von !== shown.von || synced.bis !== shown.bis) {
    setSynced(shown);
    if (filterDay(vonText) !== shown.von) setVonText(shown.von ? formatDayDe(shown.von) : '');
    if (filterDay(bisText) !== shown.bis) setBisText(shown.bis ? formatDayDe(shown.bis) : '');
  }

  const changeDates = (von: string, bis: string) => {
    setVonText(von);
    setBisText(bis);
    const vonDay = filterDay(von);
    const bisDay = filterDay(bis);
    // an unreadable day is not applied: the list keeps its last answer and the field says why
    if (vonDay === null || bisDay === null) return;
    onChange({ ...filter, von: vonDay || null, bis: bisDay || null });
  };
  const selectedTherapeut = filter.t;
  const knownTherapeut = therapeuten.some((t) => t.id === selectedTherapeut);

  return (
    <Box component="form" role="search" aria-label="Terminfilter" onSubmit={(event) => event.preventDefault()}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2">
          Anzeigen
        </Typography>
        <RadioGroup
          row
          value={filter.ta}
          onChange={(event) => onChange({ ...filter, ta: event.target.value as TerminFilterKind })}
        >
          {[...KINDS, ...(filter.ta === 'url' ? (['url'] as const) : [])].map((kind) => (
            <FormControlLabel key={kind} value={kind} control={<Radio />} label={FILTER_KIND_LABELS[kind]} />
          ))}
        </RadioGroup>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, my: 1.5 }}>
        <Autocomplete
          freeSolo
          autoSelect
          options={befunde}
          value={filter.b || null}
          onChange={(_, value) => onChange({ ...filter, b: (value ?? '').trim() })}
          sx={{ minWidth: 220 }}
          renderInput={(params) => <TextField {...params} size="small" label="Befund" placeholder="Alle Befunde" />}
        />
        <TextField
          select
          size="small"
          label="Therapeut"
          value={selectedTherapeut === null ? '' : String(selectedTherapeut)}
          onChange={(event) => onChange({ ...filter, t: event.target.value ? Number(event.target.value) : null })}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Alle Therapeuten</MenuItem>
          {therapeuten.map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.vorname} {t.nachname}
            </MenuItem>
          ))}
          {selectedTherapeut !== null && !knownTherapeut && (
            <MenuItem value={String(selectedTherapeut)}>Ausgewählter Therapeut</MenuItem>
          )}
        </TextField>
        <LazyTextPicker
          kind="datum"
          size="small"
          label="Von"
          text={vonText}
          onText={(text) => changeDates(text, bisText)}
          error={filterDay(vonText) === null}
          helperText={filterDay(vonText) === null ? TERMIN_MESSAGES.datumFormat : undefined}
        />
        <LazyTextPicker
          kind="datum"
          size="small"
          label="Bis"
          text={bisText}
          onText={(text) => changeDates(vonText, text)}
          error={filterDay(bisText) === null}
          helperText={filterDay(bisText) === null ? TERMIN_MESSAGES.datumFormat : undefined}
        />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <TermintypCheckboxes
          order={TERMINTYPEN}
          selected={filter.typen}
          onToggle={(typ) => onChange({ ...filter, typen: toggleTyp(filter.typen, typ) })}
        >
          {zeigeFirma && (
            <FormControlLabel
              label="Nur Firmentermine"
              control={
                <Checkbox
                  checked={filter.nurFirma}
                  onChange={(event) => onChange({ ...filter, nurFirma: event.target.checked })}
                />
              }
            />
          )}
        </TermintypCheckboxes>
      </Box>
      <Link component="button" type="button" onClick={onReset}>
        Filter zurücksetzen
      </Link>
    </Box>
  );
}
