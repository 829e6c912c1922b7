import { authEndpoints } from '@dihs/contract/auth';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// The session's own calls, loaded on demand: the declarations bring zod, which the start page does not need.

/** Tells the server that the token is logged out; a 401 (already ended) does not touch the current session. */
export function revokeOnServer(token: string): Promise<true> {
  return callEndpoint(authEndpoints.abmelden, undefined, { bearer: token, keepSessionOn401: true });
}

/**
 * Tells the server that the page is in use without asking it anything (typing a long text): the session does not
 * end as idle. A refusal (the session already ended) locks the page like any other call's.
 */
export function keepAliveOnServer(): Promise<true> {
  return callEndpoint(authEndpoints.sitzungAktiv);
}
