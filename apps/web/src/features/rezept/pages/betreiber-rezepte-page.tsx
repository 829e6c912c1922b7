import { fillPath, ROUTES } from '@dihs/contract/common/routes';
import { REZEPT_FILTER, REZEPT_FILTER_ANSICHT, REZEPT_TEXTS, type RezeptFilter } from '@dihs/contract/rezept';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ButtonLink } from '../../../components/button-link.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useAlleRezepte } from '../api/rezept-api.ts';
import { RezeptTabelle } from '../components/rezept-tabelle.tsx';

/** /betreiber/rezepte: every prescription, filtered by status; each row leads to its patient (spec 2 section 2). */
export function BetreiberRezeptePage() {
  const [filter, setFilter] = useState<RezeptFilter>('ALL');
  const rezepte = useAlleRezepte(filter);
  const titel = REZEPT_FILTER_ANSICHT[filter].titel;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {titel}
      </Typography>
      <ButtonGroup variant="outlined" aria-label="Rezepte filtern" sx={{ mb: 3, flexWrap: 'wrap' }}>
        {REZEPT_FILTER.map((key) => (
          <Button
            key={key}
            disabled={key === filter}
            variant={key === filter ? 'contained' : 'outlined'}
            onClick={() => setFilter(key)}
          >
            {REZEPT_FILTER_ANSICHT[key].button}
          </Button>
        ))}
      </ButtonGroup>
      <QueryState query={rezepte} loading="Rezepte werden geladen" failed="Die Rezepte konnten nicht geladen werden.">
        {(liste) => (
          <RezeptTabelle
            rezepte={liste}
            label={titel}
            leerText="Keine Rezepte vorhanden."
            aktionen={(rezept) => (
              <ButtonLink size="small" to={fillPath(ROUTES.rezeptePatient.path, { patientId: rezept.patientId })}>
                {REZEPT_TEXTS.zumPatienten}
              </ButtonLink>
            )}
          />
        )}
      </QueryState>
    </Container>
  );
}
