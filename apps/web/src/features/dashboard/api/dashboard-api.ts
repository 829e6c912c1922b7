import { dashboardEndpoints } from '@dihs/contract/dashboard';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /dashboard: the own cockpit's tiles (patients only). */
export const useDashboard = () => useEndpointQuery(dashboardEndpoints.kacheln, undefined);
