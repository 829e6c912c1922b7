import { lockedListSchema } from '@dihs/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const lockedUsersKey = (viewer: string) => ['gesperrte-benutzer', viewer] as const;

/** GET /user/locked/list: e-mails of the accounts locked after too many wrong passwords. */
export const getLockedUsers = (signal?: AbortSignal): Promise<string[]> =>
  apiRequest('/user/locked/list', { schema: lockedListSchema, ...(signal ? { signal } : {}) });

export function useLockedUsers() {
  const viewer = useViewerKey();
  return useQuery({ queryKey: lockedUsersKey(viewer), queryFn: ({ signal }) => getLockedUsers(signal) });
}
