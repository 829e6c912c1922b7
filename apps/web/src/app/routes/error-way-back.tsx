import type { Role } from '@dihs/contract/common/roles';
import { homePathFor, ROUTES, staticPagePath } from '@dihs/contract/common/routes';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { ButtonLink } from '../../components/button-link.tsx';
import { useSession } from '../../lib/session-context.ts';
import { lazyPage } from '../lazy-page.ts';
import { roleMenuFor } from '../shell/role-menus.ts';

// the server's menu brings the navigation contract (zod): it loads with the menu, not with the entry
const ErrorMenuLinks = lazyPage(() => import('./error-menu-links.tsx'), 'ErrorMenuLinks');

const KONTAKT = staticPagePath('kontakt');

/** The error page's first way back: the start page of the viewer's role (where the login leads too). */
export function startLinkFor(role: Role | undefined): { path: string; label: string } {
  const path = homePathFor(role);
  if (path === ROUTES.cockpit.path) return { path, label: 'Zum Cockpit' };
  if (path === ROUTES.therapeutTermine.path) return { path, label: 'Zu Ihren Terminen' };
  return { path, label: 'Zur Startseite' };
}

/**
 * The ways on from an error page (issue 32 item 9): the role's start page, the pages of the menu (the app has no
 * search; the role menu's pages and the server menu's pages are listed) and the contact page.
 */
export function ErrorWayBack() {
  const { session } = useSession();
  const start = startLinkFor(session?.role);
  const roleMenu = roleMenuFor(session);
  const menuHeading = useId();
  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
        <ButtonLink to={start.path} variant="contained">
          {start.label}
        </ButtonLink>
        <ButtonLink to={KONTAKT} variant="outlined">
          Kontakt aufnehmen
        </ButtonLink>
      </Stack>
      <nav aria-labelledby={menuHeading}>
        <Typography id={menuHeading} variant="h2" sx={{ mt: 4, mb: 1 }}>
          Seiten im Menü
        </Typography>
        {roleMenu && roleMenu.entries.length > 0 && (
          <ul>
            {roleMenu.entries.map((entry) => (
              <li key={entry.path}>
                <Link component={RouterLink} to={entry.path}>
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Suspense fallback={null}>
          <ErrorMenuLinks />
        </Suspense>
      </nav>
      <Typography sx={{ mt: 3 }}>
        Sie finden nicht, was Sie suchen? Schreiben Sie uns über die Seite{' '}
        <Link component={RouterLink} to={KONTAKT}>
          Kontakt
        </Link>
        .
      </Typography>
    </>
  );
}
