import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { NotificationPermissionButton } from '../../../components/notification-permission-button.tsx';
import { TermineQuery } from '../../../components/termine-query.tsx';
import { useTherapeutTermine } from '../api/get-therapeut-termine.ts';
import { TherapeutTerminCard } from '../components/therapeut-termin-card.tsx';

/**
 * /therapeut/termine ("TERMINPLAN") and /therapeut/termine/{target}: the therapist's own active appointments; a
 * target (an appointment id, e.g. from a navigation link) is scrolled to and outlined.
 */
export function TermineTherapeutPage() {
  const { target } = useParams();
  const termine = useTherapeutTermine();
  const targetId = target !== undefined && /^\d+$/.test(target) ? Number(target) : null;
  const targetMissing =
    targetId !== null && termine.isSuccess && !termine.data.some((termin) => termin.id === targetId);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        TERMINPLAN
      </Typography>
      <NotificationPermissionButton hint />
      <TermineQuery query={termine}>
        {(data) => (
          <Stack spacing={2}>
            {targetMissing && <Alert severity="info">Der gesuchte Termin ist nicht (mehr) aktiv.</Alert>}
            {data.length === 0 ? (
              <Typography>Keine aktiven Termine</Typography>
            ) : (
              data.map((termin) => (
                <TherapeutTerminCard key={termin.id} termin={termin} targeted={termin.id === targetId} />
              ))
            )}
          </Stack>
        )}
      </TermineQuery>
    </Container>
  );
}
