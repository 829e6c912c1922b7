import { SessionProvider } from './session/session-provider.tsx';
import { AppShell } from './shell/app-shell.tsx';

/** The root route's element: the session lives inside the router because logging out navigates. */
export function RootLayout() {
  return (
    <SessionProvider>
      <AppShell />
    </SessionProvider>
  );
}
