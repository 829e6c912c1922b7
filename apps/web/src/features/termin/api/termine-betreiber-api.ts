import { aboEndpoints } from '@dihs/contract/abo';
import { firmaEndpoints } from '@dihs/contract/firma';
import { profilEndpoints } from '@dihs/contract/profil';
import {
  terminEndpoints,
  type TeilgenommenBody,
  type Termin,
  type TerminBetreiberQuery,
  type TerminForm,
  type Termintyp,
} from '@dihs/contract/termin';
import { verwaltungEndpoints } from '@dihs/contract/verwaltung';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../lib/session-context.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { endpointQuery, invalidateEndpoints, useEndpointQuery } from '../../../lib/endpoint-query.ts';

export interface BetreiberTermineFilter {
  typen: readonly Termintyp[];
  /** Berlin calendar days (YYYY-MM-DD), inclusive; one of them alone means that day only. */
  von: string;
  bis: string;
  page: number;
  size: number;
}

/** GET /termin/betreiber/all: one page of the operator list, filtered by type, sorted by date (in SQL). */
export function useBetreiberTermine(filter: BetreiberTermineFilter) {
  const viewer = useViewerKey();
  const query: TerminBetreiberQuery = {
    // one comma-separated value keeps the address short (the schema takes both forms)
    typen: filter.typen.join(','),
    page: filter.page,
    size: filter.size,
    ...(filter.von ? { von: filter.von } : {}),
    ...(filter.bis ? { bis: filter.bis } : {}),
  };
  return useQuery({
    ...endpointQuery(terminEndpoints.betreiberAlle, viewer, { query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /termin/betreiber/{id}: one appointment, for the one just saved when the list's page does not hold it. */
export const useBetreiberTermin = (id: number | null, enabled: boolean) =>
  useEndpointQuery(terminEndpoints.betreiberEiner, { params: { id: id ?? 0 } }, { enabled: enabled && id !== null });

/** GET /therapeut/betreiber/all: the therapist choice of the form. */
export const useTherapeutenAuswahl = () => useEndpointQuery(profilEndpoints.therapeutenBetreiber, undefined);

/** GET /betreiber/verwaltung/Befunde/get: the Befund choice of the form (spec 3 "Application settings"). */
export const useBefunde = () => useEndpointQuery(verwaltungEndpoints.befunde, undefined);

/** GET /firma/alle/terminEditieren: the company choice of a company appointment. */
export const useFirmenAuswahl = () => useEndpointQuery(firmaEndpoints.alleKurz, undefined);

/** GET /user/abo/{userId}/privileges: whether a participant has a subscription (training-plan link). */
export const useHatAbo = (userId: number | null) =>
  useEndpointQuery(aboEndpoints.hatAbo, { params: { userId: userId ?? 0 } }, { enabled: userId !== null });

/** Refreshes the list after every attempt: a refusal often means the list is out of date. */
function useInvalidatingMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidateEndpoints(queryClient, terminEndpoints.betreiberAlle, terminEndpoints.betreiberEiner),
  });
}

/** POST /termin/betreiber/save: new without id, changed with one. */
export const useSaveTermin = () =>
  useInvalidatingMutation((body: TerminForm): Promise<Termin> => callEndpoint(terminEndpoints.speichern, { body }));

/** GET /termin/betreiber/aktivieren/{id}: PLANUNG → AKTIV. */
export const useAktivieren = () =>
  useInvalidatingMutation((id: number) => callEndpoint(terminEndpoints.aktivieren, { params: { id } }));

/** GET /termin/betreiber/absagen/{id}: AKTIV → ABGESAGT; refused for a past appointment. */
export const useAbsagen = () =>
  useInvalidatingMutation((id: number) => callEndpoint(terminEndpoints.absagen, { params: { id } }));

/** POST /terminanmeldung/patient/teilgenommen/{terminId}: the attendance checkbox of a participant. */
export const useTeilgenommen = () =>
  useInvalidatingMutation(({ terminId, body }: { terminId: number; body: TeilgenommenBody }) =>
    callEndpoint(terminEndpoints.teilgenommen, { params: { terminId }, body }),
  );
