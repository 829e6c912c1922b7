import { keepPreviousData } from '@tanstack/react-query';
import type { EndpointDeclaration } from '@dihs/contract/common/endpoint';
import { profilEndpoints } from '@dihs/contract/profil';
import { rezeptEndpoints as api, type Rezept, type RezeptFilter, type RezeptGutschrift } from '@dihs/contract/rezept';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Every list a change of one prescription may alter. */
const LISTS: EndpointDeclaration[] = [api.eigene, api.fuerPatient, api.alle, api.alleGefiltert];

/** GET /rezepte/mine. */
export const useEigeneRezepte = () => useEndpointQuery(api.eigene, undefined);

/** GET /rezepte/for/{patientId}. */
export const useRezepteVonPatient = (patientId: number) => useEndpointQuery(api.fuerPatient, { params: { patientId } });

/** GET /rezepte/all/{filter}: one page, newest first; the page shown stays while the next one loads. */
export const useAlleRezepte = (filter: RezeptFilter, page: number, size: number) =>
  useEndpointQuery(
    api.alleGefiltert,
    { params: { filter }, query: { page, size } },
    { placeholderData: keepPreviousData },
  );

/** The name for the title "E-AKTE VON …": the own one, or a patient's. */
export const useEigenerName = () => useEndpointQuery(profilEndpoints.nameOnly, undefined);
export const usePatientName = (patientId: number) =>
  useEndpointQuery(profilEndpoints.nameOnlyPatient, { params: { patientId } });

/** POST /rezepte/upload: the file and the note; encrypt is sent as the spec has it (and ignored). */
export function useRezeptHochladen() {
  return useEndpointMutation(api.hochladen, {
    toInput: ({ file, anmerkung }: { file: File; anmerkung: string }) => ({
      body: { description: anmerkung, encrypt: 'true', file },
    }),
    invalidates: LISTS,
  });
}

export type StatusAktion = 'bearbeitung' | 'abgerechnet' | 'abgelehnt' | 'loeschen';

/** One of the status changes; answers the new status. */
export function useRezeptStatus(aktion: StatusAktion) {
  return useEndpointMutation(api[aktion], { toInput: (id: number) => ({ params: { id } }), invalidates: LISTS });
}

/** POST /rezepte/guthaben/{id}: the credit of the prescription (sets INBEARBEITUNG). */
export function useRezeptGutschrift(id: number) {
  return useEndpointMutation(api.gutschrift, {
    toInput: (body: RezeptGutschrift) => ({ params: { id }, body }),
    invalidates: LISTS,
  });
}

/** Downloads the file: the patient's own through /rezepte/my/{id}, anyone else's through /rezepte/{id}. */
export async function rezeptHerunterladen(rezept: Rezept, eigenes: boolean): Promise<void> {
  const blob = await callEndpoint(eigenes ? api.eigeneDatei : api.datei, { params: { id: rezept.id } });
  saveFile(blob, rezept.originalFilename);
}
