import { authorityMapSchema } from '@dihs/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /authority: privilege codes per role name, and every code under 'privileges'. */
export const getAuthority = (signal?: AbortSignal): Promise<Record<string, number[]>> =>
  apiRequest('/authority', { schema: authorityMapSchema, ...(signal ? { signal } : {}) });

export function useAuthority() {
  const viewer = useViewerKey();
  return useQuery({ queryKey: ['authority', viewer], queryFn: ({ signal }) => getAuthority(signal) });
}
