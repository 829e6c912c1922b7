import { neuerBenutzerResponseSchema } from '@dihs/contract/benutzer';
import type { Role } from '@dihs/contract/common/roles';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /user/other/{role}/new: the new user's id, or null when the address could not be given. */
export async function createBenutzer(role: Role, email: string): Promise<number | null> {
  // an empty answer means "not given" as well as null does
  const id = await apiRequest<unknown>(`/user/other/${role}/new`, { method: 'POST', text: email });
  return neuerBenutzerResponseSchema.parse(id ?? null);
}
