import {
  patientenViewSchema,
  profilEndpoints,
  type BetreiberProfilAenderung,
  type PatientenView,
  type ProfilAenderung,
} from '@dihs/contract/profil';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { useViewerKey } from '../../../lib/session-context.ts';

/** Every profile view, so a save can refresh all of them at once. */
export const PROFIL_VIEWS = [
  profilEndpoints.my,
  profilEndpoints.betreiberView,
  profilEndpoints.patientView,
  profilEndpoints.therapeutView,
];

/** GET /profil/my. */
export const useMyProfil = () => useEndpointQuery(profilEndpoints.my, undefined);

/** GET /profil/other/{userId}/betreiber (BETREIBER_VIEW). */
export const useOperatorProfil = (userId: number) =>
  useEndpointQuery(profilEndpoints.betreiberView, { params: { userId } });

/** GET /profil/other/{userId}/patient as a therapist sees it (PATIENTEN_VIEW). */
export function usePatientenView(userId: number) {
  const viewer = useViewerKey();
  return useQuery({
    ...endpointQuery(profilEndpoints.patientView, viewer, { params: { userId } }),
    // The endpoint answers operators their full view; this screen is the therapists' shortened one.
    select: (answer): PatientenView => patientenViewSchema.parse(answer),
  });
}

/** GET /profil/other/{userId}/therapeut as a patient sees it (THERAPEUTEN_VIEW). */
export const useTherapeutenView = (userId: number) =>
  useEndpointQuery(profilEndpoints.therapeutView, { params: { userId } });

/** POST /profil/change: own fields. */
export const useChangeMyProfil = () =>
  useEndpointMutation(profilEndpoints.aendern, {
    toInput: (changes: ProfilAenderung) => ({ body: changes }),
    invalidates: PROFIL_VIEWS,
  });

/** POST /profil/other/{userId}/betreiber: an operator's change of another user's profile. */
export const useChangeOperatorProfil = (userId: number) =>
  useEndpointMutation(profilEndpoints.betreiberAendern, {
    toInput: (changes: BetreiberProfilAenderung) => ({ params: { userId }, body: changes }),
    invalidates: PROFIL_VIEWS,
  });

/** POST /profil/other/{patientId}/bemerkung, body the text. */
export const useSetBemerkung = (patientId: number) =>
  useEndpointMutation(profilEndpoints.bemerkung, {
    toInput: (text: string) => ({ params: { patientId }, body: text }),
    invalidates: PROFIL_VIEWS,
  });
