import { canStartSession, formatDateTimeUhr, nextSessionWindowChange } from '@dihs/contract/common/time';
import { TERMINTYP_LABELS, type Termin } from '@dihs/contract/termin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { MitGrund } from '../../../components/mit-grund.tsx';
import { GRUENDE } from '../termin-status.ts';
import { teilnehmerName } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';

interface TherapeutTerminCardProps {
  termin: Termin;
  /** The appointment named in the address (/therapeut/termine/{target}): scrolled to and outlined. */
  targeted: boolean;
}

/** One active appointment of the therapist: time, type, Befund, participants and "Sitzung starten". */
export function TherapeutTerminCard({ termin, targeted }: TherapeutTerminCardProps) {
  const now = useNow((nowMs) => nextSessionWindowChange(termin, nowMs));
  const startable = canStartSession(termin, now);
  const ref = useRef<HTMLElement>(null);
  const headingId = `termin-${termin.id}-titel`;

  useEffect(() => {
    if (targeted) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [targeted]);

  return (
    <Card
      ref={ref}
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={targeted ? { borderColor: 'secondary.main', borderWidth: 2 } : undefined}
    >
      <CardContent>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
          {termin.befund} – {formatDateTimeUhr(termin.datum)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {TERMINTYP_LABELS[termin.termintyp]} · {termin.dauer} Min. · {termin.anzahlTeilnehmer}/{termin.maxTeilnehmer}{' '}
          Teilnehmer
        </Typography>
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          {termin.details}
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Teilnehmer
        </Typography>
        {termin.teilnehmerList.length === 0 ? (
          <Typography variant="body2">Keine Teilnehmer angemeldet</Typography>
        ) : (
          <Box component="ul" aria-label={`Teilnehmer: ${termin.befund}`} sx={{ pl: 3, my: 0 }}>
            {termin.teilnehmerList.map((teilnehmer, index) => {
              const name = teilnehmerName(teilnehmer);
              return (
                <li key={teilnehmer.patientId ?? `n${index}`}>
                  {teilnehmer.patientId !== null ? (
                    <Link component={RouterLink} to={`/profil/${teilnehmer.patientId}`}>
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </li>
              );
            })}
          </Box>
        )}
      </CardContent>
      {termin.termintyp !== 'TELEFON' && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          {startable ? (
            <ButtonLink variant="contained" to={`/video/therapie/therapeut/${termin.id}`}>
              Sitzung starten
            </ButtonLink>
          ) : (
            // a link cannot be disabled: outside the window it is a disabled button with the same name
            <MitGrund grund={GRUENDE.sitzungFenster}>
              <Button variant="contained" disabled>
                Sitzung starten
              </Button>
            </MitGrund>
          )}
        </CardActions>
      )}
    </Card>
  );
}
