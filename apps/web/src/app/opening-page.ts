import { checkGuard, ROUTES, type RouteKey } from '@dihs/contract/common/routes';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { Session } from '../lib/session.ts';
import { viewerKeyOf } from '../lib/session-context.ts';
import { prefetchPageData } from './page-data.tsx';
import { preloadPage } from './pages.tsx';

const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

/**
 * Starts the page a visit opens with as soon as the stored session is known: its code and its first answers are
 * asked for side by side, instead of one after the other behind the shell's first render (on a phone that render
 * alone takes about a second). Only when the guard would let the viewer in; the route's own render then finds the
 * code loaded and the answers cached or in flight.
 */
export function startOpeningPage(
  queryClient: QueryClient,
  session: Session,
  { pathname, search }: { pathname: string; search: string },
): void {
  for (const key of ROUTE_KEYS) {
    const route = ROUTES[key];
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    if ('redirect' in checkGuard(route.guard, session)) return;
    preloadPage(key);
    prefetchPageData(key, {
      queryClient,
      viewer: viewerKeyOf(session),
      userId: session.userId,
      search: new URLSearchParams(search),
      params: match.params,
    });
    return;
  }
}
