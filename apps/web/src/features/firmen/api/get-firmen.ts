import { firmaListeSchema, type Firma } from '@dihs/contract/firma';
import { useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const firmenKey = ['firmen'] as const;

/** GET /firma/alle: every company with all fields. */
export const getFirmen = (signal?: AbortSignal): Promise<Firma[]> =>
  apiRequest('/firma/alle', { schema: firmaListeSchema, ...(signal ? { signal } : {}) });

export function useFirmen() {
  const viewer = useViewerKey();
  return useQuery({ queryKey: [...firmenKey, viewer], queryFn: ({ signal }) => getFirmen(signal) });
}
