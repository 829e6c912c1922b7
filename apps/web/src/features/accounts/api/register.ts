import { okResponseSchema, type RegistrierenForm } from '@dihs/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /patient/registrieren: the answer is the same whether the address already has an account or not. */
export const register = (body: RegistrierenForm): Promise<true> =>
  apiRequest('/patient/registrieren', { method: 'POST', json: body, schema: okResponseSchema, auth: false });

export const useRegister = () => useMutation({ mutationFn: register });
