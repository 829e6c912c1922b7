import { ROUTES } from '@dihs/contract/common/routes';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Suspense } from 'react';
import { ButtonLink } from '../../components/button-link.tsx';
import { useLoginDialogParam } from '../../lib/login-param.ts';
import { lazyPage } from '../lazy-page.ts';
import { useSession } from '../../lib/session-context.ts';
import { roleMenuFor } from './role-menus.ts';

// only operators and therapists need the dropdown machinery
const RoleMenu = lazyPage(() => import('./role-menu.tsx'), 'RoleMenu');

/** The right side of the top bar (spec 1, section 2.4): Registrieren and Login, or the role's buttons and Logout. */
export function AccountActions() {
  const { session, logout } = useSession();
  const { openDialog } = useLoginDialogParam();

  if (!session) {
    return (
      <Stack direction="row" spacing={1}>
        <ButtonLink to={ROUTES.registrieren.path} variant="contained" color="secondary">
          Registrieren
        </ButtonLink>
        <Button onClick={openDialog} variant="outlined" color="inherit">
          Login
        </Button>
      </Stack>
    );
  }

  const roleMenu = roleMenuFor(session);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {session.role === 'PATIENT' && (
        <ButtonLink to={ROUTES.cockpit.path} variant="contained" color="secondary">
          Cockpit
        </ButtonLink>
      )}
      <Suspense fallback={null}>{roleMenu && roleMenu.entries.length > 0 && <RoleMenu menu={roleMenu} />}</Suspense>
      <Button onClick={logout} variant="outlined" color="inherit">
        Logout
      </Button>
    </Stack>
  );
}
