import { usersEndpoints } from '@dihs/contract/users';
import type { Role } from '@dihs/contract/common/roles';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** POST /benutzerliste: the users of one role (deleted patients left out). */
export const useBenutzerliste = (role: Role) => useEndpointQuery(usersEndpoints.liste, { body: role });
