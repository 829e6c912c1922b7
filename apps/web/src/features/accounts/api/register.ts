import { accountsEndpoints, type RegistrierenForm } from '@dihs/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** POST /patient/registrieren: the answer is the same whether the address already has an account or not. */
export const register = (body: RegistrierenForm): Promise<true> =>
  callEndpoint(accountsEndpoints.registrieren, { body }, { auth: false });

export const useRegister = () => useMutation({ mutationFn: register });
