import { PROFIL_TEXTS, type TherapeutListEntry } from '@dihs/contract/profil';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, useLayoutEffect, useState } from 'react';
import { ButtonLink } from '../../../components/button-link.tsx';
import { ProfilePhoto } from '../../../components/profile-photo.tsx';

const CLAMPED_LINES = 4;

/** Whether the clamped text is cut off; measured again when the card's width changes. */
function useOverflows(element: HTMLElement | null, expanded: boolean): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, expanded]);
  return overflows;
}

/** One therapist of the directory: photo, name, description ("mehr erfahren" when cut off), Profil and Termine. */
export function TherapeutCard({ therapist }: { therapist: TherapeutListEntry }) {
  const name = `${therapist.vorname} ${therapist.nachname}`.trim();
  const titleId = useId();
  const textId = useId();
  const [expanded, setExpanded] = useState(false);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const overflows = useOverflows(element, expanded);

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          <ProfilePhoto userId={therapist.id} hasPhoto={therapist.hatProfilbild} name={name} size={140} />
        </Box>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.35rem', textAlign: 'center', mb: 1 }}>
          {name}
        </Typography>
        {therapist.schwerpunkte && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mb: 1 }}>
            {therapist.schwerpunkte}
          </Typography>
        )}
        <Typography
          id={textId}
          ref={setElement}
          sx={
            expanded
              ? { whiteSpace: 'pre-wrap' }
              : {
                  whiteSpace: 'pre-wrap',
                  display: '-webkit-box',
                  WebkitLineClamp: CLAMPED_LINES,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }
          }
        >
          {therapist.beschreibung}
        </Typography>
        {(overflows || expanded) && (
          <Button
            size="small"
            onClick={() => setExpanded((value) => !value)}
            aria-expanded={expanded}
            aria-controls={textId}
            sx={{ px: 0, mt: 0.5 }}
          >
            {expanded ? 'weniger anzeigen' : PROFIL_TEXTS.mehrErfahren}
          </Button>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'center', pb: 2 }}>
        <ButtonLink to={`/profil/${therapist.id}`} variant="outlined" aria-label={`Profil von ${name}`}>
          Profil
        </ButtonLink>
        <ButtonLink to={`/patient/termine/${therapist.id}`} variant="contained" aria-label={`Termine von ${name}`}>
          Termine
        </ButtonLink>
      </CardActions>
    </Card>
  );
}
