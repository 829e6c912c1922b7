import { lockedListSchema } from '@dihs/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { lockedUsersKey } from './get-locked-users.ts';

/** POST /user/locked/unlock: answers the locked list that remains. */
export const unlockUsers = (emails: readonly string[]): Promise<string[]> =>
  apiRequest('/user/locked/unlock', { method: 'POST', json: emails, schema: lockedListSchema });

export function useUnlockUsers() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  return useMutation({
    mutationFn: unlockUsers,
    onSuccess: (remaining) => queryClient.setQueryData(lockedUsersKey(viewer), remaining),
  });
}
