import { dashboardEndpoints } from '@dihs/contract/dashboard';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useViewerKey } from '../../../lib/session-context.ts';

/** GET /dashboard: the own cockpit's tiles (patients only). */
const dashboardQuery = (viewer: string) => endpointQuery(dashboardEndpoints.kacheln, viewer, undefined);

export const useDashboard = () => useQuery(dashboardQuery(useViewerKey()));

/** The tiles, asked for from the route while the cockpit's code loads (app/page-data.tsx). */
export const prefetchDashboard = (queryClient: QueryClient, viewer: string) =>
  void queryClient.prefetchQuery(dashboardQuery(viewer));
