import { usersEndpoints } from '@dihs/contract/users';
import type { Role } from '@dihs/contract/common/roles';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** POST /user/other/{role}/new: the new user's id, or null when the address could not be given. */
export const createBenutzer = (role: Role, email: string): Promise<number | null> =>
  callEndpoint(usersEndpoints.anlegen, { params: { role }, body: email });
