import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/button-link.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { errorTextFor, GENERAL_ERROR, type ErrorText } from './error-texts.ts';
import { ErrorWayBack } from './error-way-back.tsx';

/** `wayBack` replaces the single button where the page knows the viewer (inside the session's layout). */
function ErrorView({ error, onReload, wayBack }: { error: ErrorText; onReload?: () => void; wayBack?: ReactNode }) {
  useDocumentTitle(error.headline);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h1" gutterBottom>
        {error.headline}
      </Typography>
      {error.text && <Typography sx={{ mb: 3 }}>{error.text}</Typography>}
      {wayBack ?? (
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
      )}
    </Container>
  );
}

/** /error/:errorId (spec 3, "Error page"), with the ways on of issue 32 item 9. */
export function ErrorPage() {
  const { errorId } = useParams();
  return <ErrorView error={errorTextFor(errorId)} wayBack={<ErrorWayBack />} />;
}

/**
 * Shown by the router when rendering fails, mostly a page chunk that no longer exists after a
 * deployment: a reload fetches the new version.
 */
export function RouteErrorFallback() {
  return <ErrorView error={GENERAL_ERROR} onReload={() => window.location.reload()} />;
}
