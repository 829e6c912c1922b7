import { usersEndpoints } from '@dihs/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useViewerKey } from '../../../lib/session-context.ts';

/** POST /user/locked/unlock: answers the locked list that remains. */
export function useUnlockUsers() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  return useEndpointMutation(usersEndpoints.entsperren, {
    toInput: (emails: readonly string[]) => ({ body: [...emails] }),
    // the role lists show the unlocked accounts as Aktiv again (one meaning of "Gesperrt", issue 32 item 1)
    invalidates: [usersEndpoints.liste],
    // the answer is the new locked list: no second request
    onSuccess: (remaining) => queryClient.setQueryData(endpointKey(usersEndpoints.gesperrte, viewer), remaining),
  });
}
