import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { TERMINTYP_LABELS, type Termin } from '@dihs/contract/termin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../../components/button-link.tsx';
import { MitGrund } from '../../../components/mit-grund.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { useNow } from '../../../lib/use-now.ts';
import {
  anzeigestatus,
  buchbar,
  kannBuchungBestaetigen,
  naechsteAenderung,
  sitzungGrund,
  stornierenGrund,
  teilnahmeGrund,
  vollGebucht,
  type Anzeigestatus,
} from '../termin-status.ts';
import { memo } from 'react';

const STATUS_FARBE: Record<Anzeigestatus, 'success' | 'primary' | 'default' | 'warning'> = {
  teilgenommen: 'success',
  gebucht: 'primary',
  'nicht gebucht': 'default',
  'nicht teilgenommen': 'warning',
};

export type TerminAktion = 'stornieren' | 'teilnahme-pdf' | 'buchung-pdf' | 'details';

interface TerminKarteProps {
  termin: Termin;
  selected: boolean;
  /** The appointment chosen or left (its id, so that one callback serves every card). */
  onSelect: (terminId: number, selected: boolean) => void;
  /** The patient's own buttons (session, cancel, PDFs); an operator booking for a patient sees status only. */
  eigeneAktionen: boolean;
  onAktion: (aktion: TerminAktion, termin: Termin) => void;
}

/**
 * One appointment of the plan: selection, time, type, therapist, display status and the buttons of spec 2 section 4.
 * Memoised: a change of the filter or of one card's selection renders the page again, and 50 cards with it took a
 * 4×-slowed phone most of a second (`npm run bench -- --only=inp`); with stable callbacks only the changed card renders.
 */
export const TerminKarte = memo(function TerminKarte({
  termin,
  selected,
  onSelect,
  eigeneAktionen,
  onAktion,
}: TerminKarteProps) {
  const now = useNow((nowMs) => naechsteAenderung(termin, nowMs));
  const status = anzeigestatus(termin, now);
  const headingId = `plan-termin-${termin.id}`;
  const waehlbar = buchbar(termin, now);
  const gebucht = vollGebucht(termin);
  const therapeut = `${termin.therapeut.vorname} ${termin.therapeut.nachname}`;
  const frei = Math.max(termin.maxTeilnehmer - termin.anzahlTeilnehmer, 0);
  // the own seat, not the free ones: a booked patient never reads "0 Plätze frei" for their own appointment
  const plaetze = termin.angemeldet
    ? termin.bezahlt
      ? 'Ihr Platz ist gebucht'
      : 'Ihr Platz ist reserviert, aber noch nicht bezahlt'
    : `${frei} ${frei === 1 ? 'Platz' : 'Plätze'} frei`;
  const ohneSitzung = sitzungGrund(termin, now);
  const ohneStorno = stornierenGrund(termin, now);
  const ohneTeilnahme = teilnahmeGrund(termin, now);

  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pb: 1 }}>
        <FormControlLabel
          sx={{ m: 0 }}
          label={<VisuallyHidden>Termin auswählen</VisuallyHidden>}
          control={
            <Checkbox
              checked={selected}
              disabled={!waehlbar}
              onChange={(event) => onSelect(termin.id, event.target.checked)}
            />
          }
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem', mr: 'auto' }}>
              {termin.befund} – {formatDateTimeUhr(termin.datum)}
            </Typography>
            <Chip label={status} color={STATUS_FARBE[status]} size="small" />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {TERMINTYP_LABELS[termin.termintyp]} · {termin.dauer} Min. · {therapeut}
            {termin.status === 'ABGESAGT' ? ' · abgesagt' : ` · ${plaetze}`}
            {termin.istFirmentermin ? ' · Firmentermin' : ''}
          </Typography>
          {termin.teilnehmerList.length > 0 && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Teilnehmer: {termin.teilnehmerList.map((t) => `${t.firstname} ${t.lastname}`).join(', ')}
            </Typography>
          )}
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button size="small" onClick={() => onAktion('details', termin)}>
          Details
        </Button>
        {eigeneAktionen && gebucht && (
          <>
            {termin.termintyp !== 'TELEFON' &&
              (ohneSitzung === null ? (
                <ButtonLink size="small" variant="contained" to={`/video/therapie/patient/${termin.id}`}>
                  Sitzung starten
                </ButtonLink>
              ) : (
                // a link cannot be disabled: outside the window it is a disabled button with the same name
                <MitGrund grund={ohneSitzung}>
                  <Button size="small" variant="contained" disabled>
                    Sitzung starten
                  </Button>
                </MitGrund>
              ))}
            <MitGrund grund={ohneStorno}>
              <Button size="small" disabled={ohneStorno !== null} onClick={() => onAktion('stornieren', termin)}>
                Stornieren
              </Button>
            </MitGrund>
            <Button
              size="small"
              disabled={!kannBuchungBestaetigen(termin)}
              onClick={() => onAktion('buchung-pdf', termin)}
            >
              Buchungsbestätigung (PDF)
            </Button>
            <MitGrund grund={ohneTeilnahme}>
              <Button size="small" disabled={ohneTeilnahme !== null} onClick={() => onAktion('teilnahme-pdf', termin)}>
                Teilnahmebestätigung (PDF)
              </Button>
            </MitGrund>
          </>
        )}
      </CardActions>
    </Card>
  );
});
