import { guthabenEndpoints } from '@dihs/contract/guthaben';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { endpointQuery, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { useViewerKey } from '../../../lib/session-context.ts';

/** After the return from the checkout, the provider's confirmation may take a moment: ask again this often. */
const POLL_MS = 1500;
/** ... but not forever: a payment left open stays PENDING (the page offers to continue it). */
const MAX_POLLS = 60;

/** GET /guthaben/patient/getOffers. */
export const useAngebote = () => useEndpointQuery(guthabenEndpoints.angebote, undefined);

/** GET /guthaben/patient/placeOrder/{offerId}: the address of the payment page (plain text). */
export const usePlaceOrder = () =>
  useEndpointMutation(guthabenEndpoints.bestellen, { toInput: (offerId: number) => ({ params: { offerId } }) });

/**
 * GET /guthaben/patient/get: the own balance; `poll` keeps it fresh while a payment is being confirmed, `enabled` false
 * leaves it unasked for a viewer who is no patient.
 */
export const useEigenesGuthaben = ({ poll = false, enabled = true }: { poll?: boolean; enabled?: boolean } = {}) =>
  useEndpointQuery(guthabenEndpoints.eigenes, undefined, { refetchInterval: poll ? POLL_MS : false, enabled });

/** GET /guthaben/patient/check/{id}; asked again while the payment is PENDING. */
export function useBuchung(id: number | null) {
  const viewer = useViewerKey();
  return useQuery({
    // without an id the query stays disabled: the placeholder is never sent
    ...endpointQuery(guthabenEndpoints.buchung, viewer, { params: { buchungId: id ?? 0 } }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'PENDING' && query.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false,
  });
}

/** GET /pdf/guthabenbestaetigung/{id} as a file. */
export const getBuchungsPdf = (id: number): Promise<Blob> =>
  callEndpoint(guthabenEndpoints.bestaetigungPdf, { params: { id } });
