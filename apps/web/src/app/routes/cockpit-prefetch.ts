import { prefetchDashboard } from '../../features/dashboard/api/dashboard-api.ts';
import type { PageDataContext } from '../page-data.tsx';

/** The cockpit (where a patient lands after login): its tiles. */
export function prefetch({ queryClient, viewer }: PageDataContext): void {
  prefetchDashboard(queryClient, viewer);
}
