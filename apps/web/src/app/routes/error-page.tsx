import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/button-link.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { errorTextFor, GENERAL_ERROR, type ErrorText } from './error-texts.ts';

function ErrorView({ error, onReload }: { error: ErrorText; onReload?: () => void }) {
  useDocumentTitle(error.headline);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h1" gutterBottom>
        {error.headline}
      </Typography>
      {error.text && <Typography sx={{ mb: 3 }}>{error.text}</Typography>}
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <ButtonLink to="/" variant="contained">
          Zur Startseite
        </ButtonLink>
        {onReload && (
          <Button onClick={onReload} variant="outlined">
            Seite neu laden
          </Button>
        )}
      </Stack>
    </Container>
  );
}

/** /error/:errorId (spec 3, "Error page"). */
export function ErrorPage() {
  const { errorId } = useParams();
  return <ErrorView error={errorTextFor(errorId)} />;
}

/**
 * Shown by the router when rendering fails, mostly a page chunk that no longer exists after a
 * deployment: a reload fetches the new version.
 */
export function RouteErrorFallback() {
  return <ErrorView error={GENERAL_ERROR} onReload={() => window.location.reload()} />;
}
