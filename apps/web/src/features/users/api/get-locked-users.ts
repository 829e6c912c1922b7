import { usersEndpoints } from '@dihs/contract/users';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /user/locked/list: e-mails of the accounts locked after too many wrong passwords. */
export const useLockedUsers = () => useEndpointQuery(usersEndpoints.gesperrte, undefined);
