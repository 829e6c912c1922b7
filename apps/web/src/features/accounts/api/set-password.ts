import { accountsEndpoints, type PasswortSetzenBody } from '@dihs/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** POST /patient/passwort/reset/{code}: sets the password of a reset or of a new account. */
export const setPassword = (code: string, body: PasswortSetzenBody): Promise<true> =>
  callEndpoint(accountsEndpoints.passwortMitCodeSetzen, { params: { code }, body }, { auth: false });

export const useSetPassword = (code: string) =>
  useMutation({ mutationFn: (body: PasswortSetzenBody) => setPassword(code, body) });
