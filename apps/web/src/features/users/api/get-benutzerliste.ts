import { usersEndpoints, type BenutzerListEntry } from '@dihs/contract/users';
import type { Role } from '@dihs/contract/common/roles';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** POST /benutzerliste: the users of one role (deleted patients left out). */
export const getBenutzerliste = (role: Role, signal?: AbortSignal): Promise<BenutzerListEntry[]> =>
  callEndpoint(usersEndpoints.liste, { body: role }, signal ? { signal } : {});

export const useBenutzerliste = (role: Role) => useEndpointQuery(usersEndpoints.liste, { body: role });
