import { firmaEndpoints } from '@dihs/contract/firma';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /firma/alle: every company with all fields. */
export const useFirmen = () => useEndpointQuery(firmaEndpoints.alle, undefined);
