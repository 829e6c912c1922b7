import type { CreditKind, Guthaben } from '@dihs/contract/guthaben';
import { TERMINTYP_LABELS as TYP } from '@dihs/contract/termin';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** The paid credits in the order of spec 2 "Booking status": single video, group video, finding, phone, anamnesis. */
export const PAID_CREDIT_LABELS: [CreditKind, string][] = [
  ['bezahltEinzelTermin', TYP.EINZEL],
  ['bezahltGruppenTermin', TYP.GRUPPE],
  ['bezahltBefundTermin', TYP.BEFUND],
  ['bezahltTelefonTermin', TYP.TELEFON],
  ['bezahltAnamneseTermin', TYP.ANAMNESE],
];

export const ABO_CREDIT_LABELS: [CreditKind, string][] = [
  ['aboEinzelTermin', TYP.EINZEL],
  ['aboGruppenTermin', TYP.GRUPPE],
  ['aboBefundTermin', TYP.BEFUND],
  ['aboTrainingsplan', 'Trainingsplan'],
];

export const REZEPT_CREDIT_LABELS: [CreditKind, string][] = [
  ['rezeptEinzelTermin', TYP.EINZEL],
  ['rezeptGruppenTermin', TYP.GRUPPE],
  ['rezeptBefundTermin', TYP.BEFUND],
];

interface GuthabenBarProps {
  guthaben: Guthaben;
  /** Heading of the bar, e.g. "Bezahltes Guthaben". */
  title: string;
  kinds?: [CreditKind, string][];
}

/** A row of credit counts, each a labelled chip ("Video-Einzeltermin: 3"). */
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
