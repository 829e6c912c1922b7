import { okResponseSchema } from '@dihs/contract/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCodeCall } from './use-code-call.ts';

/** GET /patient/email/reset/{code}: the new address of an e-mail change becomes the login. */
export const completeEmailChange = (code: string): Promise<true> =>
  apiRequest(`/patient/email/reset/${encodeURIComponent(code)}`, { schema: okResponseSchema, auth: false });

export const useCompleteEmailChange = (code: string) => useCodeCall('emailReset', code, completeEmailChange);
