import {
  verwaltungEintragSchema,
  verwaltungListSchema,
  type VerwaltungEintrag,
  type VerwaltungSaveBody,
} from '@dihs/contract/verwaltung';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The three lists of /betreiber/verwaltung and their GET paths (spec 3 section 7). */
export const VERWALTUNG_LISTEN = {
  befunde: '/betreiber/verwaltung/Befunde/get',
  inhalte: '/betreiber/verwaltung/Einzeltermine/Inhalte/get',
  sonstige: '/betreiber/verwaltung/Sonstige/get',
} as const;
export type VerwaltungListe = keyof typeof VERWALTUNG_LISTEN;

const verwaltungKey = ['verwaltung'] as const;

export function useVerwaltungListe(liste: VerwaltungListe) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...verwaltungKey, liste, viewer],
    queryFn: ({ signal }) => apiRequest(VERWALTUNG_LISTEN[liste], { schema: verwaltungListSchema, signal }),
  });
}

/** POST /betreiber/verwaltung/save: answers the saved entry. */
export function useSaveEintrag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: VerwaltungSaveBody): Promise<VerwaltungEintrag> =>
      apiRequest('/betreiber/verwaltung/save', { method: 'POST', json: entry, schema: verwaltungEintragSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verwaltungKey }),
  });
}

/** POST /betreiber/verwaltung/delete. */
export function useDeleteEintrag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('/betreiber/verwaltung/delete', { method: 'POST', json: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verwaltungKey }),
  });
}
