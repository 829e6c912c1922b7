import { PROFIL_TEXTS } from '@dihs/contract/profil';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { useTherapeuten } from '../api/get-therapeuten.ts';
import { TherapeutCard } from '../components/therapeut-card.tsx';

/** /therapeuten: the therapist directory for patients (spec 2, "Therapist directory"). */
export function TherapeutenPage() {
  const { data, isPending, isError } = useTherapeuten();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {PROFIL_TEXTS.verzeichnisTitel}
      </Typography>
      {isPending ? (
        <LoadingIndicator label="Therapeuten werden geladen" />
      ) : isError ? (
        <Alert severity="error">Die Therapeuten konnten nicht geladen werden.</Alert>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">Zurzeit sind keine Therapeutinnen und Therapeuten eingetragen.</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {data.map((therapist) => (
            <TherapeutCard key={therapist.id} therapist={therapist} />
          ))}
        </Box>
      )}
    </Container>
  );
}
