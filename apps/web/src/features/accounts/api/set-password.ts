import { okResponseSchema, type PasswortSetzenBody } from '@dihs/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /patient/passwort/reset/{code}: sets the password of a reset or of a new account. */
export const setPassword = (code: string, body: PasswortSetzenBody): Promise<true> =>
  apiRequest(`/patient/passwort/reset/${encodeURIComponent(code)}`, {
    method: 'POST',
    json: body,
    schema: okResponseSchema,
    auth: false,
  });

export const useSetPassword = (code: string) =>
  useMutation({ mutationFn: (body: PasswortSetzenBody) => setPassword(code, body) });
