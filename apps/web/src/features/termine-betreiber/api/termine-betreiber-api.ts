import { aboPrivilegesResponseSchema } from '@dihs/contract/abo';
import { firmaKurzListeSchema } from '@dihs/contract/firma';
import { therapeutBetreiberListSchema } from '@dihs/contract/profil';
import {
  terminPageSchema,
  terminSchema,
  terminStatusResponseSchema,
  type TeilgenommenBody,
  type Termin,
  type TerminForm,
  type Termintyp,
} from '@dihs/contract/termin';
import { verwaltungListSchema } from '@dihs/contract/verwaltung';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const betreiberTermineKey = ['termine', 'betreiber'] as const;

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
  const query = new URLSearchParams({
    typen: filter.typen.join(','),
    page: String(filter.page),
    size: String(filter.size),
  });
  if (filter.von) query.set('von', filter.von);
  if (filter.bis) query.set('bis', filter.bis);
  return useQuery({
    queryKey: [...betreiberTermineKey, viewer, filter],
    queryFn: ({ signal }) =>
      apiRequest(`/termin/betreiber/all?${query.toString()}`, { schema: terminPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /therapeut/betreiber/all: the therapist choice of the form. */
export function useTherapeutenAuswahl() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['therapeuten', 'betreiber', viewer],
    queryFn: ({ signal }) => apiRequest('/therapeut/betreiber/all', { schema: therapeutBetreiberListSchema, signal }),
  });
}

/** GET /betreiber/verwaltung/Befunde/get: the Befund choice of the form (spec 3 "Application settings"). */
export function useBefunde() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['verwaltung', 'befunde', viewer],
    queryFn: ({ signal }) => apiRequest('/betreiber/verwaltung/Befunde/get', { schema: verwaltungListSchema, signal }),
  });
}

/** GET /firma/alle/terminEditieren: the company choice of a company appointment. */
export function useFirmenAuswahl() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['firmen', 'terminEditieren', viewer],
    queryFn: ({ signal }) => apiRequest('/firma/alle/terminEditieren', { schema: firmaKurzListeSchema, signal }),
  });
}

/** GET /user/abo/{userId}/privileges: whether a participant has a subscription (training-plan link). */
export function useHatAbo(userId: number | null) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['abo', 'privileges', userId, viewer],
    queryFn: ({ signal }) =>
      apiRequest(`/user/abo/${userId}/privileges`, { schema: aboPrivilegesResponseSchema, signal }),
    enabled: userId !== null,
  });
}

function useInvalidatingMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: betreiberTermineKey }),
  });
}

/** POST /termin/betreiber/save: new without id, changed with one. */
export const useSaveTermin = () =>
  useInvalidatingMutation((body: TerminForm): Promise<Termin> =>
    apiRequest('/termin/betreiber/save', { method: 'POST', json: body, schema: terminSchema }),
  );

/** GET /termin/betreiber/aktivieren/{id}: PLANUNG → AKTIV. */
export const useAktivieren = () =>
  useInvalidatingMutation((id: number) =>
    apiRequest(`/termin/betreiber/aktivieren/${id}`, { schema: terminStatusResponseSchema }),
  );

/** GET /termin/betreiber/absagen/{id}: AKTIV → ABGESAGT; refused for a past appointment. */
export const useAbsagen = () =>
  useInvalidatingMutation((id: number) =>
    apiRequest(`/termin/betreiber/absagen/${id}`, { schema: terminStatusResponseSchema }),
  );

/** POST /terminanmeldung/patient/teilgenommen/{terminId}: the attendance checkbox of a participant. */
export const useTeilgenommen = () =>
  useInvalidatingMutation(({ terminId, body }: { terminId: number; body: TeilgenommenBody }) =>
    apiRequest(`/terminanmeldung/patient/teilgenommen/${terminId}`, { method: 'POST', json: body }),
  );
