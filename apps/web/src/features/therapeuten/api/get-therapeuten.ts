import { therapeutListSchema, type TherapeutListEntry } from '@dihs/contract/profil';
import { useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /therapeut/patient/all: the directory (active therapists with the list display on). */
export const getTherapeuten = (signal?: AbortSignal): Promise<TherapeutListEntry[]> =>
  apiRequest('/therapeut/patient/all', { schema: therapeutListSchema, ...(signal ? { signal } : {}) });

export function useTherapeuten() {
  const viewer = useViewerKey();
  return useQuery({ queryKey: ['therapeuten', viewer], queryFn: ({ signal }) => getTherapeuten(signal) });
}
