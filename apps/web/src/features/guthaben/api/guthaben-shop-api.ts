import {
  guthabenAngebotListSchema,
  guthabenBuchungSchema,
  guthabenSchema,
  type Guthaben,
  type GuthabenAngebot,
  type GuthabenBuchung,
} from '@dihs/contract/guthaben';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** After the return from the checkout, the provider's confirmation may take a moment: ask again this often. */
const POLL_MS = 1500;
/** ... but not forever: a payment left open stays PENDING (the page offers to continue it). */
const MAX_POLLS = 60;

/** GET /guthaben/patient/getOffers. */
export function useAngebote() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['guthaben', 'angebote', viewer],
    queryFn: ({ signal }): Promise<GuthabenAngebot[]> =>
      apiRequest('/guthaben/patient/getOffers', { schema: guthabenAngebotListSchema, ...(signal ? { signal } : {}) }),
  });
}

/** GET /guthaben/patient/placeOrder/{offerId}: the address of the payment page (plain text). */
export function usePlaceOrder() {
  return useMutation({
    mutationFn: async (offerId: number): Promise<string> =>
      String(await apiRequest(`/guthaben/patient/placeOrder/${offerId}`)),
  });
}

/** GET /guthaben/patient/get: the own balance; `poll` keeps it fresh while a payment is being confirmed. */
export function useEigenesGuthaben(poll = false) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['guthaben', 'eigenes', viewer],
    queryFn: ({ signal }): Promise<Guthaben> =>
      apiRequest('/guthaben/patient/get', { schema: guthabenSchema, ...(signal ? { signal } : {}) }),
    refetchInterval: poll ? POLL_MS : false,
  });
}

/** GET /guthaben/patient/check/{id}; asked again while the payment is PENDING. */
export function useBuchung(id: number | null) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['guthaben', 'buchung', id, viewer],
    enabled: id !== null,
    retry: false,
    queryFn: ({ signal }): Promise<GuthabenBuchung> =>
      apiRequest(`/guthaben/patient/check/${id}`, { schema: guthabenBuchungSchema, ...(signal ? { signal } : {}) }),
    refetchInterval: (query) =>
      query.state.data?.status === 'PENDING' && query.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false,
  });
}

/** GET /pdf/guthabenbestaetigung/{id} as a file. */
export const getBuchungsPdf = (id: number): Promise<Blob> =>
  apiRequest(`/pdf/guthabenbestaetigung/${id}`, { blob: true });
