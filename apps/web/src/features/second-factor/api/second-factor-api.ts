import {
  secondFactorEndpoints,
  type ActivateBody,
  type ActivationData,
  type DeactivateBody,
} from '@dihs/contract/second-factor';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { endpointQuery, invalidateEndpoints } from '../../../lib/endpoint-query.ts';
import { useViewerKey } from '../../../lib/session-context.ts';

/** GET /secondFactor/status, or /secondFactor/betreiber/status/{userId} for another user. */
export function useSecondFactorStatus(userId?: number) {
  const viewer = useViewerKey();
  return useQuery<boolean, Error, boolean, readonly unknown[]>(
    userId === undefined
      ? endpointQuery(secondFactorEndpoints.status, viewer)
      : endpointQuery(secondFactorEndpoints.betreiberStatus, viewer, { params: { userId } }),
  );
}

export function useRefreshSecondFactor() {
  const queryClient = useQueryClient();
  return () => invalidateEndpoints(queryClient, secondFactorEndpoints.status, secondFactorEndpoints.betreiberStatus);
}

/** A 401 here means a wrong password, not a lost session (spec 1, section 8). */
const passwordCall = { keepSessionOn401: true } as const;

/** POST /secondFactor/activate: step 1 (password) answers the activation data, step 2 (with key and code) true. */
export const activateOwn = (body: ActivateBody): Promise<ActivationData | true> =>
  callEndpoint(secondFactorEndpoints.aktivieren, { body }, passwordCall);

/** POST /secondFactor/deactivate. */
export const deactivateOwn = (body: DeactivateBody): Promise<true> =>
  callEndpoint(secondFactorEndpoints.deaktivieren, { body }, passwordCall);

/** POST /secondFactor/betreiber/activate/{userId}: empty for the activation data, key and code to activate. */
export const activateFor = (
  userId: number,
  body?: { privateKey: string; token: string },
): Promise<ActivationData | true> =>
  callEndpoint(secondFactorEndpoints.betreiberAktivieren, { params: { userId }, body });

/** POST /secondFactor/betreiber/deactivate/{userId}. */
export const deactivateFor = (userId: number): Promise<true> =>
  callEndpoint(secondFactorEndpoints.betreiberDeaktivieren, { params: { userId } });
