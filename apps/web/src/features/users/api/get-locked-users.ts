import { usersEndpoints } from '@dihs/contract/users';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /user/locked/list: e-mails of the accounts locked after too many wrong passwords. */
export const getLockedUsers = (signal?: AbortSignal): Promise<string[]> =>
  callEndpoint(usersEndpoints.gesperrte, undefined, signal ? { signal } : {});

export const useLockedUsers = () => useEndpointQuery(usersEndpoints.gesperrte, undefined);
