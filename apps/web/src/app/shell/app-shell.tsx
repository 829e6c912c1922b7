import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { useIsFocusedRoom } from '../../lib/focused-room.ts';
import { useSession } from '../../lib/session-context.ts';
import { lazyPage } from '../lazy-page.ts';
import { useAppMode } from './app-mode.ts';
import { CookieNotice } from './cookie-notice.tsx';
import { Footer } from './footer.tsx';
import { LoginDialogHost } from './login-dialog-host.tsx';
import { SkipLink } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';

const MAIN_ID = 'hauptinhalt';

// only a session can need them, and their forms (react-hook-form, text fields) would weigh on every visitor's first load
const EinwilligungGate = lazyPage(
  () => import('../../features/einwilligung/components/einwilligung-dialog.tsx'),
  'EinwilligungGate',
);
const RequiredSecondFactorSetup = lazyPage(
  () => import('../../features/second-factor/components/required-setup.tsx'),
  'RequiredSecondFactorSetup',
);
// a therapist hears of patients entering a waiting room on every page; its STOMP client loads for therapists only
const WaitingRoomAlerts = lazyPage(
  () => import('../../features/video/components/waiting-room-alerts.tsx'),
  'WaitingRoomAlerts',
);

/**
 * The page frame (spec 1, section 2.4); in app mode, and in a joined video session (the focused room, issue 33 item
 * 5), only the page itself.
 */
export function AppShell() {
  const appMode = useAppMode();
  const focusedRoom = useIsFocusedRoom();
  const bare = appMode || focusedRoom;
  const { session, logout } = useSession();
  // REQUIRE_2FA_ROLES: the server allows nothing but the set-up, so no page is shown before it is done
  const setupRequired = Boolean(session?.zweiterFaktorEinrichten);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {!bare && <SkipLink target={MAIN_ID} />}
      {!bare && <TopBar />}
      {/* a viewport high at least: the footer starts below the fold, so the page arriving after the spinner does
          not shift it (CLS) */}
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, minHeight: '100vh', outline: 'none' }}>
        <Suspense fallback={<LoadingIndicator label="Seite wird geladen" />}>
          {setupRequired ? <RequiredSecondFactorSetup /> : <Outlet />}
        </Suspense>
      </Box>
      {!bare && <Footer />}
      {!bare && <CookieNotice />}
      <LoginDialogHost />
      {session?.role === 'THERAPEUT' && !setupRequired && (
        <Suspense fallback={null}>
          <WaitingRoomAlerts />
        </Suspense>
      )}
      {/* a patient answers a changed consent text before using anything else (einwilligung) */}
      {session?.role === 'PATIENT' && (
        <Suspense fallback={null}>
          <EinwilligungGate onLogout={logout} />
        </Suspense>
      )}
    </Box>
  );
}
