import {
  betreiberProfilSchema,
  eigenesProfilSchema,
  patientenViewSchema,
  therapeutenViewSchema,
  type BetreiberProfil,
  type BetreiberProfilAenderung,
  type EigenesProfil,
  type PatientenView,
  type ProfilAenderung,
  type TherapeutenView,
} from '@dihs/contract/profil';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every profile query starts with this key, so a save can refresh all views at once. */
export const profilKey = ['profil'] as const;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET /profil/my. */
export function useMyProfil() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...profilKey, 'my', viewer],
    queryFn: ({ signal }): Promise<EigenesProfil> =>
      apiRequest('/profil/my', { schema: eigenesProfilSchema, ...withSignal(signal) }),
  });
}

/** GET /profil/other/{userId}/betreiber (BETREIBER_VIEW). */
export function useOperatorProfil(userId: number) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...profilKey, 'betreiber', userId, viewer],
    queryFn: ({ signal }): Promise<BetreiberProfil> =>
      apiRequest(`/profil/other/${userId}/betreiber`, { schema: betreiberProfilSchema, ...withSignal(signal) }),
  });
}

/** GET /profil/other/{userId}/patient as a therapist sees it (PATIENTEN_VIEW). */
export function usePatientenView(userId: number) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...profilKey, 'patient', userId, viewer],
    queryFn: ({ signal }): Promise<PatientenView> =>
      apiRequest(`/profil/other/${userId}/patient`, { schema: patientenViewSchema, ...withSignal(signal) }),
  });
}

/** GET /profil/other/{userId}/therapeut as a patient sees it (THERAPEUTEN_VIEW). */
export function useTherapeutenView(userId: number) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...profilKey, 'therapeut', userId, viewer],
    queryFn: ({ signal }): Promise<TherapeutenView> =>
      apiRequest(`/profil/other/${userId}/therapeut`, { schema: therapeutenViewSchema, ...withSignal(signal) }),
  });
}

/** POST /profil/change: own fields. */
export function useChangeMyProfil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfilAenderung): Promise<EigenesProfil> =>
      apiRequest('/profil/change', { method: 'POST', json: changes, schema: eigenesProfilSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profilKey }),
  });
}

/** POST /profil/other/{userId}/betreiber: an operator's change of another user's profile. */
export function useChangeOperatorProfil(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: BetreiberProfilAenderung): Promise<BetreiberProfil> =>
      apiRequest(`/profil/other/${userId}/betreiber`, { method: 'POST', json: changes, schema: betreiberProfilSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profilKey }),
  });
}

/** POST /profil/other/{patientId}/bemerkung, body the text. */
export function useSetBemerkung(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string): Promise<BetreiberProfil> =>
      apiRequest(`/profil/other/${patientId}/bemerkung`, { method: 'POST', text, schema: betreiberProfilSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profilKey }),
  });
}
