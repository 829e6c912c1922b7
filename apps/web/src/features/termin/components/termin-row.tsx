import { formatDayDe, utcToBerlin } from '@dihs/contract/common/time';
import { type TERMIN_STATUSES, TERMINTYP_LABELS, type Teilnehmer, type Termin } from '@dihs/contract/termin';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { SavedRow } from '../../../components/save-notice.tsx';
import { useHatAbo, useTeilgenommen } from '../api/termine-betreiber-api.ts';
import { teilnehmerName } from '../../../lib/format.ts';
import { TerminStatusButton } from './termin-status-button.tsx';

type TerminStatus = (typeof TERMIN_STATUSES)[number];
const STATUS_LABELS: Record<TerminStatus, string> = {
  PLANUNG: 'Planung',
  AKTIV: 'Aktiv',
  ABGESAGT: 'Abgesagt',
};
// the list tells the states apart at a glance (issue 32 item 2): planned outlined, bookable filled, cancelled grey
const STATUS_CHIPS: Record<TerminStatus, { color: 'default' | 'success'; variant: 'filled' | 'outlined' }> = {
  PLANUNG: { color: 'default', variant: 'outlined' },
  AKTIV: { color: 'success', variant: 'filled' },
  ABGESAGT: { color: 'default', variant: 'filled' },
};

/** The appointment's status as a chip: the label carries it, the colour only repeats it. */
export function TerminStatusChip({ status }: { status: TerminStatus }) {
  return <Chip size="small" label={STATUS_LABELS[status]} {...STATUS_CHIPS[status]} />;
}

/** Columns of the operator list, so the details row spans all of them. */
export const TERMIN_COLUMNS = ['Befund', 'Datum', 'Uhrzeit', 'Termintyp', 'Therapeut', 'Status', 'Details'] as const;

function TrainingsplanLink({ teilnehmer }: { teilnehmer: Teilnehmer }) {
  const abo = useHatAbo(teilnehmer.userId);
  if (teilnehmer.patientId === null || abo.isPending) return null;
  return abo.data ? (
    <Link component={RouterLink} to={`/therapeut/trainingsplan/${teilnehmer.patientId}`}>
      Trainingsplan
    </Link>
  ) : (
    <Typography component="span" variant="body2" color="text.secondary">
      Kein Abo abgeschlossen
    </Typography>
  );
}

function TeilnehmerListe({ termin }: { termin: Termin }) {
  const teilgenommen = useTeilgenommen();
  if (termin.teilnehmerList.length === 0) return <Typography variant="body2">Keine Teilnehmer angemeldet</Typography>;
  return (
    <>
      <Box component="ul" aria-label="Teilnehmer" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {termin.teilnehmerList.map((teilnehmer) => {
          const name = teilnehmerName(teilnehmer);
          const patientId = teilnehmer.patientId;
          return (
            <Box
              component="li"
              key={`${patientId}-${name}`}
              sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
            >
              {patientId !== null ? (
                <Link component={RouterLink} to={`/profil/${patientId}`}>
                  {name}
                </Link>
              ) : (
                <span>{name}</span>
              )}
              {patientId !== null && (
                <FormControlLabel
                  label="teilgenommen"
                  control={
                    <Checkbox
                      checked={teilnehmer.teilgenommen}
                      disabled={teilgenommen.isPending}
                      slotProps={{ input: { 'aria-label': `${name} teilgenommen` } }}
                      onChange={(event) =>
                        teilgenommen.mutate({
                          terminId: termin.id,
                          body: { patientId, teilgenommen: event.target.checked },
                        })
                      }
                    />
                  }
                />
              )}
              <TrainingsplanLink teilnehmer={teilnehmer} />
            </Box>
          );
        })}
      </Box>
      <MessageDialog
        open={teilgenommen.isError}
        title="Teilnahme nicht gespeichert"
        text={teilgenommen.error?.message ?? ''}
        onClose={() => teilgenommen.reset()}
      />
    </>
  );
}

interface TerminRowProps {
  termin: Termin;
  onEdit: (termin: Termin) => void;
  /** Just saved: the row is marked (save-notice.tsx). */
  marked?: boolean;
}

/** One appointment of the operator list; expands to therapist, status, details, participants and "Termin ändern". */
export function TerminRow({ termin, onEdit, marked = false }: TerminRowProps) {
  const [open, setOpen] = useState(false);
  const [tag, uhrzeit] = utcToBerlin(termin.datum);
  const datum = formatDayDe(tag);
  const therapeut = `${termin.therapeut.vorname} ${termin.therapeut.nachname}`;
  const detailsId = `termin-details-${termin.id}`;
  return (
    <>
      <SavedRow marked={marked}>
        <TableCell>{termin.befund}</TableCell>
        <TableCell>{datum}</TableCell>
        <TableCell>{uhrzeit} Uhr</TableCell>
        <TableCell>{TERMINTYP_LABELS[termin.termintyp]}</TableCell>
        <TableCell>{therapeut}</TableCell>
        <TableCell>
          <TerminStatusChip status={termin.status} />
        </TableCell>
        <TableCell>
          <IconButton
            aria-label={`Details ${open ? 'ausblenden' : 'anzeigen'}: ${termin.befund} am ${datum} ${uhrzeit}`}
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((current) => !current)}
          >
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        </TableCell>
      </SavedRow>
      <TableRow>
        <TableCell colSpan={TERMIN_COLUMNS.length} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
          <Collapse in={open} unmountOnExit>
            <Box
              id={detailsId}
              role="region"
              aria-label={`Termin ${termin.befund}`}
              sx={{ py: 2, display: 'grid', gap: 1 }}
            >
              <Typography variant="body2">
                Therapeut:{' '}
                <Link component={RouterLink} to={`/profil/${termin.therapeut.userId}`}>
                  {therapeut}
                </Link>
              </Typography>
              <Typography variant="body2">Status: {STATUS_LABELS[termin.status]}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                Details: {termin.details}
              </Typography>
              {termin.everyoneView && (
                <Typography variant="body2" color="info.main">
                  In diesem Termin sieht jeder Teilnehmer jeden anderen.
                </Typography>
              )}
              <Typography variant="subtitle2" component="h3">
                Teilnehmer ({termin.anzahlTeilnehmer}/{termin.maxTeilnehmer})
              </Typography>
              <TeilnehmerListe termin={termin} />
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
                <TerminStatusButton terminId={termin.id} status={termin.status} befund={termin.befund} />
                <Button variant="outlined" onClick={() => onEdit(termin)} disabled={termin.status === 'ABGESAGT'}>
                  Termin ändern
                </Button>
              </Box>
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}
