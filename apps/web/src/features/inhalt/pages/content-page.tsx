import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useInhalt } from '../api/get-inhalt.ts';

/** The server's sanitized HTML, styled like the rest of the app. */
const contentStyles = {
  '& img': { maxWidth: '100%', height: 'auto' },
  '& h2': { typography: 'h2', mt: 4, mb: 2 },
  '& h3': { typography: 'h3', mt: 3, mb: 1.5 },
  '& p, & li': { typography: 'body1', lineHeight: 1.7 },
  '& a': { color: 'secondary.dark' },
} as const;

/** Links inside the HTML to our own pages navigate in the app instead of reloading it. */
function useInternalLinkNavigation() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = new URL(anchor.href, window.location.href);
    // files under /api (uploads, PDFs) are not app pages
    if (target.origin !== window.location.origin || target.pathname.startsWith('/api/')) return;
    event.preventDefault();
    void navigate(target.pathname + target.search + target.hash);
  };
}

/** A content page: a static url (/agb, ...) given as prop, or /inhalt/:url (spec 3, "Content page"). */
export function ContentPage({ url: staticUrl }: { url?: string }) {
  const params = useParams();
  const url = staticUrl ?? params.url ?? '';
  const { data: page, error, isPending } = useInhalt(url);
  const followInternalLink = useInternalLinkNavigation();
  useDocumentTitle(page?.titel);

  if (error) {
    // 404, 403, 401, 400 and 500 have texts of their own; an unreached server gets the general one
    const status = isApiError(error) && error.status > 0 ? error.status : 'fehler';
    return <Navigate to={`/error/${status}`} replace />;
  }
  if (isPending) return <LoadingIndicator label="Seite wird geladen" />;

  return (
    <Container maxWidth="md" component="article" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        {page.titel}
      </Typography>
      {page.bild && (
        <Box
          component="img"
          src={page.bild}
          alt=""
          sx={{ display: 'block', maxWidth: '100%', borderRadius: 2, mb: 3 }}
        />
      )}
      {/* sanitized by the server with sanitize-html before it was stored */}
      <Box sx={contentStyles} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: page.inhalt }} />
    </Container>
  );
}
