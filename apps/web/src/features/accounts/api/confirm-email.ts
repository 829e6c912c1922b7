import { accountsEndpoints, type EmailBestaetigenResponse } from '@dihs/contract/accounts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useCodeCall } from './use-code-call.ts';

/** GET /patient/email/bestaetigen/{code}: confirms the address of a registration (or says it was confirmed before). */
export const confirmEmail = (code: string): Promise<EmailBestaetigenResponse> =>
  callEndpoint(accountsEndpoints.emailBestaetigen, { params: { code } }, { auth: false });

export const useConfirmEmail = (code: string) => useCodeCall('emailBestaetigen', code, confirmEmail);
