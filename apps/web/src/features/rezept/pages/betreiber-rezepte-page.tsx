import { fillPath, ROUTES } from '@dihs/contract/common/routes';
import { REZEPT_FILTER, REZEPT_FILTER_ANSICHT, REZEPT_TEXTS, type RezeptFilter } from '@dihs/contract/rezept';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ButtonLink } from '../../../components/button-link.tsx';
import { CappedPagination, LIST_PAGE_SIZES } from '../../../components/capped-pagination.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useAlleRezepte } from '../api/rezept-api.ts';
import { RezeptTabelle } from '../components/rezept-tabelle.tsx';

/** /betreiber/rezepte: every prescription, filtered by status; each row leads to its patient (spec 2 section 2). */
export function BetreiberRezeptePage() {
  const [filter, setFilter] = useState<RezeptFilter>('ALL');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(LIST_PAGE_SIZES[1]);
  const rezepte = useAlleRezepte(filter, page, size);
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
            onClick={() => {
              setFilter(key);
              setPage(0);
            }}
          >
            {REZEPT_FILTER_ANSICHT[key].button}
          </Button>
        ))}
      </ButtonGroup>
      <QueryState query={rezepte} loading="Rezepte werden geladen" failed="Die Rezepte konnten nicht geladen werden.">
        {(seite) => (
          <>
            <RezeptTabelle
              rezepte={seite.rezepte}
              label={titel}
              leerText="Keine Rezepte vorhanden."
              aktionen={(rezept) => (
                <ButtonLink size="small" to={fillPath(ROUTES.rezeptePatient.path, { patientId: rezept.patientId })}>
                  {REZEPT_TEXTS.zumPatienten}
                </ButtonLink>
              )}
            />
            {seite.gesamt > LIST_PAGE_SIZES[0] && (
              <CappedPagination
                total={seite.gesamt}
                capped={seite.gesamtGekappt}
                page={page}
                size={size}
                sizeLabel="Rezepte je Seite:"
                onPageChange={setPage}
                onSizeChange={(next) => {
                  setSize(next);
                  setPage(0);
                }}
              />
            )}
          </>
        )}
      </QueryState>
    </Container>
  );
}
