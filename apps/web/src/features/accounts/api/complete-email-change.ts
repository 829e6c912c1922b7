import { accountsEndpoints } from '@dihs/contract/accounts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useCodeCall } from './use-code-call.ts';

/** GET /patient/email/reset/{code}: the new address of an e-mail change becomes the login. */
export const completeEmailChange = (code: string): Promise<true> =>
  callEndpoint(accountsEndpoints.emailAenderungAbschliessen, { params: { code } }, { auth: false });

export const useCompleteEmailChange = (code: string) => useCodeCall('emailReset', code, completeEmailChange);
