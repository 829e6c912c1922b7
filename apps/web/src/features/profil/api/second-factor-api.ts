import { okResponseSchema } from '@dihs/contract/accounts';
import {
  activateResponseSchema,
  secondFactorStatusSchema,
  type ActivateBody,
  type ActivationData,
  type DeactivateBody,
} from '@dihs/contract/second-factor';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const secondFactorKey = ['secondFactor'] as const;

/** GET /secondFactor/status, or /secondFactor/betreiber/status/{userId} for another user. */
export function useSecondFactorStatus(userId?: number) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...secondFactorKey, userId ?? 'own', viewer],
    queryFn: ({ signal }): Promise<boolean> =>
      apiRequest(userId === undefined ? '/secondFactor/status' : `/secondFactor/betreiber/status/${userId}`, {
        schema: secondFactorStatusSchema,
        ...(signal ? { signal } : {}),
      }),
  });
}

export function useRefreshSecondFactor() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: secondFactorKey });
}

/** A 401 here means a wrong password, not a lost session (spec 1, section 8). */
const passwordCall = { method: 'POST', keepSessionOn401: true } as const;

/** POST /secondFactor/activate: step 1 (password) answers the activation data, step 2 (with key and code) true. */
export const activateOwn = (body: ActivateBody): Promise<ActivationData | true> =>
  apiRequest('/secondFactor/activate', { ...passwordCall, json: body, schema: activateResponseSchema });

/** POST /secondFactor/deactivate. */
export const deactivateOwn = (body: DeactivateBody): Promise<true> =>
  apiRequest('/secondFactor/deactivate', { ...passwordCall, json: body, schema: okResponseSchema });

/** POST /secondFactor/betreiber/activate/{userId}: empty for the activation data, key and code to activate. */
export const activateFor = (
  userId: number,
  body?: { privateKey: string; token: string },
): Promise<ActivationData | true> =>
  apiRequest(`/secondFactor/betreiber/activate/${userId}`, {
    method: 'POST',
    ...(body ? { json: body } : {}),
    schema: activateResponseSchema,
  });

/** POST /secondFactor/betreiber/deactivate/{userId}. */
export const deactivateFor = (userId: number): Promise<true> =>
  apiRequest(`/secondFactor/betreiber/deactivate/${userId}`, { method: 'POST', schema: okResponseSchema });
