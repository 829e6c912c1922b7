import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { useAppMode } from './app-mode.ts';
import { CookieNotice } from './cookie-notice.tsx';
import { Footer } from './footer.tsx';
import { LoginDialogHost } from './login-dialog-host.tsx';
import { SkipLink } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';

const MAIN_ID = 'hauptinhalt';

/** The page frame (spec 1, section 2.4); in app mode only the page itself. */
export function AppShell() {
  const appMode = useAppMode();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {!appMode && <SkipLink target={MAIN_ID} />}
      {!appMode && <TopBar />}
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<LoadingIndicator label="Seite wird geladen" />}>
          <Outlet />
        </Suspense>
      </Box>
      {!appMode && <Footer />}
      {!appMode && <CookieNotice />}
      <LoginDialogHost />
    </Box>
  );
}
