import { aboEndpoints, type Abo, type AboPaket } from '@dihs/contract/abo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { endpointKey, endpointQuery, invalidateEndpoints, useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { useViewerKey } from '../../../lib/session-context.ts';

/** While a booking waits for the provider, the status is read again every few seconds. */
const WARTET_AUF_ANBIETER: Abo['status'][] = ['INBEZAHLUNG'];

/** GET /abo/patient/aktiv (own) or /abo/betreiber/{patientId}/aktiv (operator): the running subscription or null. */
export function useAbo(patientId: number | null) {
  const viewer = useViewerKey();
  // one hook for two endpoints, each under its own key (the keys endpointQuery would give them)
  return useQuery({
    queryKey:
      patientId === null
        ? endpointKey(aboEndpoints.eigenesAbo, viewer)
        : endpointKey(aboEndpoints.aboVonPatient, viewer, { params: { patientId } }),
    queryFn: ({ signal }): Promise<Abo | null> =>
      patientId === null
        ? callEndpoint(aboEndpoints.eigenesAbo, {}, { signal })
        : callEndpoint(aboEndpoints.aboVonPatient, { params: { patientId } }, { signal }),
    refetchInterval: (query) =>
      query.state.data && WARTET_AUF_ANBIETER.includes(query.state.data.status) ? 3000 : false,
  });
}

/** GET /abo/patient/paymentNotice. */
export function useAboHinweise(enabled: boolean, status: Abo['status'] | undefined) {
  const queryClient = useQueryClient();
  const shownFor = useRef(status);
  // a change of the status (paid, ended) reads the notices again
  useEffect(() => {
    if (shownFor.current === status) return;
    shownFor.current = status;
    void invalidateEndpoints(queryClient, aboEndpoints.zahlungsHinweise);
  }, [queryClient, status]);
  return useEndpointQuery(aboEndpoints.zahlungsHinweise, undefined, { enabled });
}

/** GET /abo/patient/paymentLink. */
export const getAboZahlungsLink = (): Promise<string> => callEndpoint(aboEndpoints.zahlungsLink);

/** GET /abo/patient/cancel/{aboId}: answers the contract's last day. */
export const kuendigeAbo = (aboId: number): Promise<string> =>
  callEndpoint(aboEndpoints.kuendigen, { params: { aboId } });

/** GET /abo/patient/reactivate/{aboId}. */
export const widerrufeKuendigung = (aboId: number): Promise<Abo> =>
  callEndpoint(aboEndpoints.kuendigungWiderrufen, { params: { aboId } });

/** GET /pdf/abobestaetigung or /pdf/abokuendigungsbestaetigung as a file. */
export const getAboPdf = (kind: 'abobestaetigung' | 'abokuendigungsbestaetigung'): Promise<Blob> =>
  callEndpoint(kind === 'abobestaetigung' ? aboEndpoints.bestaetigungPdf : aboEndpoints.kuendigungsbestaetigungPdf);

const nurAktive = (pakete: AboPaket[]) => pakete.filter((paket) => paket.aktiv);

/** GET /abo/betreiber/pakete/all, for the assignment: only active packages are offered. */
export function useZuweisbarePakete(enabled: boolean) {
  const viewer = useViewerKey();
  return useQuery({ ...endpointQuery(aboEndpoints.pakete, viewer), select: nurAktive, enabled });
}

type Verwaltung =
  | { kind: 'zuweisen'; aboPaketId: number }
  | { kind: 'bezahlabo'; sofort: boolean }
  | { kind: 'firmenabo'; date: string };

/** The operator's assignment and ends (POST /abo/betreiber/abozuweisen, /abobeenden/bezahlabo, /firmenabo). */
export function useAboVerwaltung(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Verwaltung): Promise<Abo> =>
      action.kind === 'zuweisen'
        ? callEndpoint(aboEndpoints.zuweisen, { body: { aboPaketId: action.aboPaketId, patientId } })
        : action.kind === 'bezahlabo'
          ? callEndpoint(aboEndpoints.bezahlaboBeenden, { body: { sofort: action.sofort, patientId } })
          : callEndpoint(aboEndpoints.firmenaboBeenden, { body: { date: action.date, patientId } }),
    onSettled: () =>
      invalidateEndpoints(
        queryClient,
        aboEndpoints.eigenesAbo,
        aboEndpoints.aboVonPatient,
        aboEndpoints.zahlungsHinweise,
        aboEndpoints.pakete,
        aboEndpoints.hatAbo,
      ),
  });
}
