import { MESSAGES } from '@dihs/contract/common/messages';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** A route of the spec whose screen is not built yet: its title and "Funktion nicht verfügbar". */
export function PendingPage({ title }: { title: string }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity="info">{MESSAGES.funktionNichtVerfuegbar}</Alert>
    </Container>
  );
}
