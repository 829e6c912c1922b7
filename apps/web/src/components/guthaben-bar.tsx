import type { CreditKind, Guthaben } from '@dihs/contract/guthaben';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** The paid credits in the order of spec 2 "Booking status": single video, group video, finding, phone, anamnesis. */
export const PAID_CREDIT_LABELS: [CreditKind, string][] = [
  ['bezahltEinzelTermin', 'Video /Einzel'],
  ['bezahltGruppenTermin', 'Video /Gruppe'],
  ['bezahltBefundTermin', 'Befund'],
  ['bezahltTelefonTermin', 'Telefon'],
  ['bezahltAnamneseTermin', 'Anamnese'],
];

export const ABO_CREDIT_LABELS: [CreditKind, string][] = [
  ['aboEinzelTermin', 'Video /Einzel'],
  ['aboGruppenTermin', 'Video /Gruppe'],
  ['aboBefundTermin', 'Befund'],
  ['aboTrainingsplan', 'Trainingsplan'],
];

export const REZEPT_CREDIT_LABELS: [CreditKind, string][] = [
  ['rezeptEinzelTermin', 'Video /Einzel'],
  ['rezeptGruppenTermin', 'Video /Gruppe'],
  ['rezeptBefundTermin', 'Befund'],
];

interface GuthabenBarProps {
  guthaben: Guthaben;
  /** Heading of the bar, e.g. "Bezahltes Guthaben". */
  title: string;
  kinds?: [CreditKind, string][];
}

/** A row of credit counts, each a labelled chip ("Video /Einzel: 3"). */
export function GuthabenBar({ guthaben, title, kinds = PAID_CREDIT_LABELS }: GuthabenBarProps) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
        {kinds.map(([kind, label]) => (
          <li key={kind}>
            <Chip
              label={`${label}: ${guthaben[kind]}`}
              color={guthaben[kind] > 0 ? 'primary' : 'default'}
              variant={guthaben[kind] > 0 ? 'filled' : 'outlined'}
            />
          </li>
        ))}
      </Box>
    </Box>
  );
}
