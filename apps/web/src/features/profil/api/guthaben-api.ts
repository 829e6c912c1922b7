import {
  guthabenSchema,
  guthabenVerlaufSchema,
  type Guthaben,
  type GuthabenStoreBody,
  type GuthabenVerlauf,
} from '@dihs/contract/guthaben';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** null: the own balance (patient); a number: that patient's balance as an operator sees it. */
type Whose = number | null;

const guthabenKey = (patientId: Whose) => ['profil-guthaben', patientId ?? 'eigenes'] as const;
const optionalSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET /guthaben/patient/get or /guthaben/betreiber/get/{patientId}. */
export function useGuthaben(patientId: Whose) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...guthabenKey(patientId), 'stand', viewer],
    queryFn: ({ signal }): Promise<Guthaben> =>
      apiRequest(patientId === null ? '/guthaben/patient/get' : `/guthaben/betreiber/get/${patientId}`, {
        schema: guthabenSchema,
        ...optionalSignal(signal),
      }),
  });
}

/** GET /guthaben/patient/verlauf or /guthaben/betreiber/verlauf/{patientId} (beyond the spec). */
export function useGuthabenVerlauf(patientId: Whose) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...guthabenKey(patientId), 'verlauf', viewer],
    queryFn: ({ signal }): Promise<GuthabenVerlauf> =>
      apiRequest(patientId === null ? '/guthaben/patient/verlauf' : `/guthaben/betreiber/verlauf/${patientId}`, {
        schema: guthabenVerlaufSchema,
        ...optionalSignal(signal),
      }),
  });
}

/** POST /guthaben/betreiber/store/{patientId} with the full balance. */
export function useStoreGuthaben(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuthabenStoreBody): Promise<Guthaben> =>
      apiRequest(`/guthaben/betreiber/store/${patientId}`, { method: 'POST', json: body, schema: guthabenSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guthabenKey(patientId) }),
  });
}
