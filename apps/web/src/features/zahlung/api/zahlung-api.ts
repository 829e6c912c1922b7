import { mostRecentPaymentResponseSchema, zahlungSchema, type Zahlung } from '@dihs/contract/zahlung';
import { useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The provider's confirmation may follow the browser's return by a moment: ask again while PENDING, a while. */
const POLL_MS = 1500;
const MAX_POLLS = 60;
const pollWhilePending = (query: { state: { data?: Zahlung | null | undefined; dataUpdateCount: number } }) =>
  query.state.data?.status === 'PENDING' && query.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false;

/** GET /payment/mostrecent/ (logged in): the newest own payment or null; `id` instead reads that payment. */
export function useZahlung(id: number | null, enabled: boolean) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['zahlung', id ?? 'neueste', viewer],
    enabled,
    retry: false,
    queryFn: ({ signal }): Promise<Zahlung | null> =>
      id === null
        ? apiRequest('/payment/mostrecent/', { schema: mostRecentPaymentResponseSchema, ...(signal ? { signal } : {}) })
        : apiRequest(`/payment/get/${id}`, { schema: zahlungSchema, ...(signal ? { signal } : {}) }),
    refetchInterval: pollWhilePending,
  });
}
