import { hasPrivilege } from '@dihs/contract/common/roles';
import type { PageSaved } from '@dihs/contract/inhalt';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '../../lib/session-context.ts';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useInhalt } from '../../features/inhalt/api/get-inhalt.ts';
import { FeedbackForm } from '../../features/feedback/components/feedback-form.tsx';

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

/** The editor brings TipTap: loaded only when an editor opens it, not with every page a visitor reads. */
const PageEditor = lazy(async () => ({
  default: (await import('../../features/inhalt/components/page-editor.tsx')).PageEditor,
}));

/** The page with url kontakt carries the feedback form (spec 3, "Content page"). */
const FEEDBACK_PAGE = 'kontakt';

/**
 * A content page: a static url (/agb, ...) given as prop, or /inhalt/:url (spec 3, "Content page"). Editors
 * (NAVIGATION_EDITIEREN) get an edit button that switches to the page editor.
 */
export function ContentPage({ url: staticUrl }: { url?: string }) {
  const params = useParams();
  const url = staticUrl ?? params.url ?? '';
  // a new url starts in view mode
  return <ContentPageFor key={url} url={url} />;
}

function ContentPageFor({ url }: { url: string }) {
  const { session } = useSession();
  const navigate = useNavigate();
  const { data: page, error, isPending, refetch } = useInhalt(url);
  const [editing, setEditing] = useState(false);
  const followInternalLink = useInternalLinkNavigation();
  useDocumentTitle(page?.titel);
  const isEditor = session !== null && hasPrivilege(session.privileges, 'NAVIGATION_EDITIEREN');

  if (error) {
    // 404, 403, 401, 400 and 500 have texts of their own; an unreached server gets the general one
    const status = isApiError(error) && error.status > 0 ? error.status : 'fehler';
    return <Navigate to={`/error/${status}`} replace />;
  }
  if (isPending) return <LoadingIndicator label="Seite wird geladen" />;

  function saved(result: PageSaved) {
    setEditing(false);
    if (result.url !== url) void navigate(`/inhalt/${result.url}`, { replace: true });
  }
  function cancel() {
    setEditing(false);
    // "abort reloads" (spec 3): the page as stored now, also if another editor changed it meanwhile
    void refetch();
  }

  if (editing && isEditor) {
    return (
      <Container maxWidth="lg" component="article" sx={{ py: { xs: 4, md: 6 } }}>
        <Suspense fallback={<LoadingIndicator label="Editor wird geladen" />}>
          <PageEditor url={url} page={page} onSaved={saved} onCancel={cancel} />
        </Suspense>
      </Container>
    );
  }

  return (
    <Container maxWidth="md" component="article" sx={{ py: { xs: 4, md: 6 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Typography variant="h1" gutterBottom sx={{ flexGrow: 1 }}>
          {page.titel}
        </Typography>
        {isEditor && (
          <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)} sx={{ flexShrink: 0 }}>
            Bearbeiten
          </Button>
        )}
      </Box>
      {page.bild && (
        <Box
          component="img"
          src={page.bild}
          alt=""
          sx={{ display: 'block', maxWidth: '100%', borderRadius: 2, mb: 3 }}
        />
      )}
      {/* sanitized by the server with sanitize-html before it was stored and again when it was served */}
      <Box sx={contentStyles} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: page.inhalt }} />
      {url.toLowerCase() === FEEDBACK_PAGE && <FeedbackForm />}
    </Container>
  );
}
