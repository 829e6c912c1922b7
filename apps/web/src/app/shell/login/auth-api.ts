import { accountsEndpoints } from '@dihs/contract/accounts';
import { authEndpoints, type AuthenticateBody } from '@dihs/contract/auth';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

// All three calls go without a bearer: their 401 means wrong credentials, never a lost session.
const withoutBearer = { auth: false } as const;

/** POST /authenticate: the token, or an ApiError with the server's German message. */
export async function authenticate(body: AuthenticateBody): Promise<string> {
  const { token } = await callEndpoint(authEndpoints.anmelden, { body }, withoutBearer);
  return token;
}

/** POST /authenticate/secondFactorRequired: true only for a right password on an account with a second factor. */
export const isSecondFactorRequired = (email: string, password: string): Promise<boolean> =>
  callEndpoint(authEndpoints.zweiterFaktorNoetig, { body: { email, password, secondFactorCode: '' } }, withoutBearer);

/** POST /patient/passwort/reset with the raw e-mail; the answer is the same for every address. */
export async function requestPasswordReset(email: string): Promise<void> {
  const accepted = await callEndpoint(accountsEndpoints.passwortZuruecksetzen, { body: email }, withoutBearer);
  if (!accepted) throw new Error('Passwort-Reset abgelehnt');
}
