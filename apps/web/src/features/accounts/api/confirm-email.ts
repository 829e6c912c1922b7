import { okResponseSchema } from '@dihs/contract/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCodeCall } from './use-code-call.ts';

/** GET /patient/email/bestaetigen/{code}: confirms the address of a registration. */
export const confirmEmail = (code: string): Promise<true> =>
  apiRequest(`/patient/email/bestaetigen/${encodeURIComponent(code)}`, { schema: okResponseSchema, auth: false });

export const useConfirmEmail = (code: string) => useCodeCall('emailBestaetigen', code, confirmEmail);
