import '@dihs/contract/common/zod-browser';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { createAppRouter, preloadPageOf } from './router.tsx';
import { bootSession, type SessionBoot } from './session/session-boot.ts';
import { isFramed } from './shell/app-mode.ts';

/**
 * The server sends `/` prerendered (start.html, vite-prerender.ts) as a visitor without a menu sees it. Only that
 * view is hydrated; a stored session, the login dialog's address (?login) or an embedding frame render something
 * else, so React replaces the prerendered page instead.
 */
function hydratesPrerenderedStart(root: HTMLElement, session: SessionBoot): boolean {
  const { pathname, search } = window.location;
  return root.hasChildNodes() && session.kind === 'visitor' && pathname === '/' && search === '' && !isFramed();
}

/** Starts the app in the root element (main.tsx loads this module). */
export function startApp(root: HTMLElement): void {
  const boot = bootSession();
  // the page's chunk is fetched while the stored session is read, not after
  preloadPageOf(window.location.pathname, boot);

  const app = (
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={createAppRouter(boot)} />
      </AppProviders>
    </StrictMode>
  );
  if (hydratesPrerenderedStart(root, boot)) {
    // as a transition the hydration yields to the browser every few milliseconds instead of one long task
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}
