import { staticPagePath } from '@dihs/contract/common/routes';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useEigeneRezepte, useEigenerName } from '../api/rezept-api.ts';
import { RezeptListe } from '../components/rezept-liste.tsx';
import { RezeptUpload } from '../components/rezept-upload.tsx';
import { rezeptTitel } from './rezept-titel.ts';

/** /patient/rezepte: upload, the own prescriptions with download, and the contact link (spec 2 "Prescriptions"). */
export function PatientRezeptePage() {
  const name = useEigenerName();
  const rezepte = useEigeneRezepte();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {rezeptTitel(name.data)}
      </Typography>
      <RezeptUpload />
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Ihre Rezepte
      </Typography>
      <RezeptListe rezepte={rezepte} label="Ihre Rezepte" leerText="Sie haben noch keine Rezepte hochgeladen." eigene />
      <Typography sx={{ mt: 4 }}>
        Fragen zu Ihren Rezepten?{' '}
        <Link component={RouterLink} to={staticPagePath('kontakt')}>
          Kontakt
        </Link>
      </Typography>
    </Container>
  );
}
