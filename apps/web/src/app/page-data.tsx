import type { RouteKey } from '@dihs/contract/common/routes';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { useSession, useViewerKey } from '../lib/session-context.ts';

/** What a page's prefetch gets: the cache, the viewer's key and id, and the address it opens with. */
export interface PageDataContext {
  queryClient: QueryClient;
  viewer: string;
  userId: number;
  search: URLSearchParams;
  params: Readonly<Record<string, string | undefined>>;
}

type PrefetchModule = () => Promise<{ prefetch: (context: PageDataContext) => void }>;

/**
 * Pages whose first answers are asked for as soon as the route is entered, beside the page's own code, instead of
 * after that code has loaded and rendered: on a phone the code takes seconds, the answers a few round trips. Each
 * entry is a small module of its own (it must not bring the page's components along).
 */
const PAGE_DATA: Partial<Record<RouteKey, PrefetchModule>> = {
  cockpit: () => import('./routes/cockpit-prefetch.ts'),
  patientTermine: () => import('./routes/termine-patient-prefetch.ts'),
  patientTermineTherapeut: () => import('./routes/termine-patient-prefetch.ts'),
};

/** Asks for a route's first answers, if it has a prefetch. */
export function prefetchPageData(route: RouteKey, context: PageDataContext): void {
  const load = PAGE_DATA[route];
  // a chunk that failed to load is asked for again when the route renders (PageData)
  load?.()
    .then(({ prefetch }) => prefetch(context))
    .catch(() => undefined);
}

/** Rendered by the route once its guard has let the viewer in, beside the (lazy) page. */
export function PageData({ route }: { route: RouteKey }) {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const { session } = useSession();
  const { search } = useLocation();
  const params = useParams();
  const userId = session?.userId;
  useEffect(() => {
    if (userId === undefined) return;
    // only the address the page opens with: later filter changes are the page's own queries
    prefetchPageData(route, { queryClient, viewer, userId, search: new URLSearchParams(search), params });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per entered route and viewer
  }, [route, queryClient, viewer, userId]);
  return null;
}
