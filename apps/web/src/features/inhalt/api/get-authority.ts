import { authEndpoints } from '@dihs/contract/auth';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /authority: privilege codes per role name, and every code under 'privileges'. */
export const useAuthority = () => useEndpointQuery(authEndpoints.berechtigungen, undefined);
