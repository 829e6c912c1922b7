import { verwaltungEndpoints, type VerwaltungSaveBody } from '@dihs/contract/verwaltung';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** The three lists of /betreiber/verwaltung (spec 3 section 7). */
export const VERWALTUNG_LISTEN = {
  befunde: verwaltungEndpoints.befunde,
  inhalte: verwaltungEndpoints.inhalte,
  sonstige: verwaltungEndpoints.sonstige,
} as const;
export type VerwaltungListe = keyof typeof VERWALTUNG_LISTEN;

const alleListen = Object.values(VERWALTUNG_LISTEN);

export const useVerwaltungListe = (liste: VerwaltungListe) => useEndpointQuery(VERWALTUNG_LISTEN[liste], undefined);

/** POST /betreiber/verwaltung/save: answers the saved entry. */
export const useSaveEintrag = () =>
  useEndpointMutation(verwaltungEndpoints.speichern, {
    toInput: (body: VerwaltungSaveBody) => ({ body }),
    invalidates: alleListen,
  });

/** POST /betreiber/verwaltung/delete. */
export const useDeleteEintrag = () =>
  useEndpointMutation(verwaltungEndpoints.loeschen, {
    toInput: (id: number) => ({ body: { id } }),
    invalidates: alleListen,
  });
