import { authEndpoints } from '@dihs/contract/auth';
import { callEndpoint } from '../../lib/endpoint-client.ts';

/** Tells the server that the token is logged out; a 401 (already ended) does not touch the current session. */
export function revokeOnServer(token: string): Promise<true> {
  return callEndpoint(authEndpoints.abmelden, undefined, { bearer: token, keepSessionOn401: true });
}
