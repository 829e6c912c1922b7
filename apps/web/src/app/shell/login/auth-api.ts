import { secondFactorRequiredResponseSchema, tokenResponseSchema, type AuthenticateBody } from '@dihs/contract/auth';
import { apiRequest } from '../../../lib/api-client.ts';

// All three calls go without a bearer: their 401 means wrong credentials, never a lost session.

/** POST /authenticate: the token, or an ApiError with the server's German message. */
export async function authenticate(body: AuthenticateBody): Promise<string> {
  const { token } = await apiRequest('/authenticate', {
    method: 'POST',
    json: body,
    schema: tokenResponseSchema,
    auth: false,
  });
  return token;
}

/** POST /authenticate/secondFactorRequired: true only for a right password on an account with a second factor. */
export const isSecondFactorRequired = (email: string, password: string): Promise<boolean> =>
  apiRequest('/authenticate/secondFactorRequired', {
    method: 'POST',
    json: { email, password, secondFactorCode: '' } satisfies AuthenticateBody,
    schema: secondFactorRequiredResponseSchema,
    auth: false,
  });

/** POST /patient/passwort/reset with the raw e-mail; the answer is the same for every address. */
export async function requestPasswordReset(email: string): Promise<void> {
  const accepted = await apiRequest('/patient/passwort/reset', { method: 'POST', text: email, auth: false });
  if (accepted === false) throw new Error('Passwort-Reset abgelehnt');
}
