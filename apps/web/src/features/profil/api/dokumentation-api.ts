import { dokumentationEintragSchema, dokumentationListSchema, type DokumentationEintrag } from '@dihs/contract/profil';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const dokumentationKey = (patientId: number) => ['dokumentation', patientId] as const;
/** Therapists and operators have their own paths; both answer the merged list. */
const basePath = (patientId: number, asOperator: boolean) =>
  asOperator ? `/dokumentation/betreiber/${patientId}` : `/dokumentation/${patientId}`;

/** GET /dokumentation[/betreiber]/{patientId}: entries of therapists and operators, newest first. */
export function useDokumentation(patientId: number, asOperator: boolean) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...dokumentationKey(patientId), viewer],
    queryFn: ({ signal }): Promise<DokumentationEintrag[]> =>
      apiRequest(basePath(patientId, asOperator), { schema: dokumentationListSchema, ...(signal ? { signal } : {}) }),
  });
}

/** POST /dokumentation[/betreiber]/{patientId}, body the text. */
export function useAddDokumentation(patientId: number, asOperator: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string): Promise<DokumentationEintrag> =>
      apiRequest(basePath(patientId, asOperator), { method: 'POST', text, schema: dokumentationEintragSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dokumentationKey(patientId) }),
  });
}

/** GET /pdf/patientendokumentation/{patientId} as a file. */
export const getDokumentationPdf = (patientId: number): Promise<Blob> =>
  apiRequest(`/pdf/patientendokumentation/${patientId}`, { blob: true });
