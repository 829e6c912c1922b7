import {
  guthabenEndpoints,
  type Guthaben,
  type GuthabenStoreBody,
  type GuthabenVerlauf,
} from '@dihs/contract/guthaben';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { endpointKey, invalidateEndpoints, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useViewerKey } from '../../../lib/session-context.ts';

/** null: the own balance (patient); a number: that patient's balance as an operator sees it. */
type Whose = number | null;

// each hook reads one of two endpoints, each under its own key (the keys endpointQuery would give them)

/** GET /guthaben/patient/get or /guthaben/betreiber/get/{patientId}. */
export function useGuthaben(patientId: Whose) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey:
      patientId === null
        ? endpointKey(guthabenEndpoints.eigenes, viewer)
        : endpointKey(guthabenEndpoints.vonPatient, viewer, { params: { patientId } }),
    queryFn: ({ signal }): Promise<Guthaben> =>
      patientId === null
        ? callEndpoint(guthabenEndpoints.eigenes, {}, { signal })
        : callEndpoint(guthabenEndpoints.vonPatient, { params: { patientId } }, { signal }),
  });
}

/** GET /guthaben/patient/verlauf or /guthaben/betreiber/verlauf/{patientId} (beyond the spec). */
export function useGuthabenVerlauf(patientId: Whose) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey:
      patientId === null
        ? endpointKey(guthabenEndpoints.eigenerVerlauf, viewer)
        : endpointKey(guthabenEndpoints.verlaufVonPatient, viewer, { params: { patientId } }),
    queryFn: ({ signal }): Promise<GuthabenVerlauf> =>
      patientId === null
        ? callEndpoint(guthabenEndpoints.eigenerVerlauf, {}, { signal })
        : callEndpoint(guthabenEndpoints.verlaufVonPatient, { params: { patientId } }, { signal }),
  });
}

/** POST /guthaben/betreiber/store/{patientId} with the full balance. */
export function useStoreGuthaben(patientId: number) {
  const queryClient = useQueryClient();
  return useEndpointMutation(guthabenEndpoints.speichern, {
    toInput: (body: GuthabenStoreBody) => ({ params: { patientId }, body }),
    // also after a failure: the shown balance may be out of date (409)
    onSettled: () =>
      invalidateEndpoints(queryClient, guthabenEndpoints.vonPatient, guthabenEndpoints.verlaufVonPatient),
  });
}
