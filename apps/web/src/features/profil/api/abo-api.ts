import {
  aboCancelResponseSchema,
  aboHinweisListSchema,
  aboPaketListSchema,
  aboPaymentLinkResponseSchema,
  aboSchema,
  aktivesAboSchema,
  type Abo,
  type AboPaket,
} from '@dihs/contract/abo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const aboKey = ['profil-abo'] as const;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** While a booking waits for the provider, the status is read again every few seconds. */
const WARTET_AUF_ANBIETER: Abo['status'][] = ['INBEZAHLUNG'];

/** GET /abo/patient/aktiv (own) or /abo/betreiber/{patientId}/aktiv (operator): the running subscription or null. */
export function useAbo(patientId: number | null) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...aboKey, 'abo', patientId, viewer],
    queryFn: ({ signal }): Promise<Abo | null> =>
      apiRequest(patientId === null ? '/abo/patient/aktiv' : `/abo/betreiber/${patientId}/aktiv`, {
        schema: aktivesAboSchema,
        ...withSignal(signal),
      }),
    refetchInterval: (query) =>
      query.state.data && WARTET_AUF_ANBIETER.includes(query.state.data.status) ? 3000 : false,
  });
}

/** GET /abo/patient/paymentNotice. */
export function useAboHinweise(enabled: boolean, status: Abo['status'] | undefined) {
  const viewer = useViewerKey();
  return useQuery({
    // the status is part of the key: a change (paid, ended) reads the notices again
    queryKey: [...aboKey, 'hinweise', status, viewer],
    queryFn: ({ signal }): Promise<{ message: string }[]> =>
      apiRequest('/abo/patient/paymentNotice', { schema: aboHinweisListSchema, ...withSignal(signal) }),
    enabled,
  });
}

/** GET /abo/patient/paymentLink. */
export const getAboZahlungsLink = (): Promise<string> =>
  apiRequest('/abo/patient/paymentLink', { schema: aboPaymentLinkResponseSchema });

/** GET /abo/patient/cancel/{aboId}: answers the contract's last day. */
export const kuendigeAbo = (aboId: number): Promise<string> =>
  apiRequest(`/abo/patient/cancel/${aboId}`, { schema: aboCancelResponseSchema });

/** GET /abo/patient/reactivate/{aboId}. */
export const widerrufeKuendigung = (aboId: number): Promise<Abo> =>
  apiRequest(`/abo/patient/reactivate/${aboId}`, { schema: aboSchema });

/** GET /pdf/abobestaetigung or /pdf/abokuendigungsbestaetigung as a file. */
export const getAboPdf = (kind: 'abobestaetigung' | 'abokuendigungsbestaetigung'): Promise<Blob> =>
  apiRequest(`/pdf/${kind}`, { blob: true });

/** GET /abo/betreiber/pakete/all, for the assignment: only active packages are offered. */
export function useZuweisbarePakete(enabled: boolean) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...aboKey, 'pakete', viewer],
    queryFn: async ({ signal }): Promise<AboPaket[]> =>
      (await apiRequest('/abo/betreiber/pakete/all', { schema: aboPaketListSchema, ...withSignal(signal) })).filter(
        (paket) => paket.aktiv,
      ),
    enabled,
  });
}

type Verwaltung =
  | { kind: 'zuweisen'; aboPaketId: number }
  | { kind: 'bezahlabo'; sofort: boolean }
  | { kind: 'firmenabo'; date: string };

/** The operator's assignment and ends (POST /abo/betreiber/abozuweisen, /abobeenden/bezahlabo, /firmenabo). */
export function useAboVerwaltung(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Verwaltung): Promise<Abo> => {
      const [path, json] =
        action.kind === 'zuweisen'
          ? ['/abo/betreiber/abozuweisen', { aboPaketId: action.aboPaketId, patientId }]
          : action.kind === 'bezahlabo'
            ? ['/abo/betreiber/abobeenden/bezahlabo', { sofort: action.sofort, patientId }]
            : ['/abo/betreiber/abobeenden/firmenabo', { date: action.date, patientId }];
      return apiRequest(path, { method: 'POST', json, schema: aboSchema });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: aboKey }),
  });
}
