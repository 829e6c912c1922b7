import { staticPagePath } from '@dihs/contract/common/routes';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { rezeptHerunterladen, useEigeneRezepte, useEigenerName } from '../api/rezept-api.ts';
import { RezeptTabelle } from '../components/rezept-tabelle.tsx';
import { RezeptUpload } from '../components/rezept-upload.tsx';
import { rezeptTitel } from './rezept-titel.ts';

/** /patient/rezepte: upload, the own prescriptions with download, and the contact link (spec 2 "Prescriptions"). */
export function PatientRezeptePage() {
  const name = useEigenerName();
  const rezepte = useEigeneRezepte();
  const [fehler, setFehler] = useState<string | null>(null);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {rezeptTitel(name.data)}
      </Typography>
      <RezeptUpload />
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Ihre Rezepte
      </Typography>
      <QueryState query={rezepte} loading="Rezepte werden geladen" failed="Die Rezepte konnten nicht geladen werden.">
        {(liste) => (
          <RezeptTabelle
            rezepte={liste}
            label="Ihre Rezepte"
            leerText="Sie haben noch keine Rezepte hochgeladen."
            aktionen={(rezept) => (
              <Button
                size="small"
                disabled={rezept.status === 'GELOESCHT'}
                aria-label={`${rezept.originalFilename} herunterladen`}
                onClick={() => void rezeptHerunterladen(rezept, true).catch((error: Error) => setFehler(error.message))}
              >
                Herunterladen
              </Button>
            )}
          />
        )}
      </QueryState>
      {fehler && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setFehler(null)}>
          {fehler}
        </Alert>
      )}
      <Typography sx={{ mt: 4 }}>
        Fragen zu Ihren Rezepten?{' '}
        <Link component={RouterLink} to={staticPagePath('kontakt')}>
          Kontakt
        </Link>
      </Typography>
    </Container>
  );
}
