import { zahlungEndpoints, type Zahlung } from '@dihs/contract/zahlung';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { endpointKey } from '../../../lib/endpoint-query.ts';
import { useViewerKey } from '../../../lib/session-context.ts';

/** The provider's confirmation may follow the browser's return by a moment: ask again while PENDING, a while. */
const POLL_MS = 1500;
const MAX_POLLS = 60;
const pollWhilePending = (query: { state: { data?: Zahlung | null | undefined; dataUpdateCount: number } }) =>
  query.state.data?.status === 'PENDING' && query.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false;

/** GET /payment/mostrecent/ (logged in): the newest own payment or null; `id` instead reads that payment. */
export function useZahlung(id: number | null, enabled: boolean) {
  const viewer = useViewerKey();
  // one hook for two endpoints, each under its own key (the keys endpointQuery would give them)
  return useQuery({
    queryKey:
      id === null
        ? endpointKey(zahlungEndpoints.neueste, viewer)
        : endpointKey(zahlungEndpoints.eine, viewer, { params: { id } }),
    queryFn: ({ signal }): Promise<Zahlung | null> =>
      id === null
        ? callEndpoint(zahlungEndpoints.neueste, {}, { signal })
        : callEndpoint(zahlungEndpoints.eine, { params: { id } }, { signal }),
    enabled,
    retry: false,
    refetchInterval: pollWhilePending,
  });
}
