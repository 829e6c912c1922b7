import { profilEndpoints } from '@dihs/contract/profil';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { invalidateEndpoints } from '../../../lib/endpoint-query.ts';
import { PROFIL_VIEWS } from './profil-api.ts';

/** POST /upload/profile (own) or /upload/profile/{userId} (operator), the photo alone. */
export function useUploadProfilbild(userId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<true> =>
      userId === undefined
        ? callEndpoint(profilEndpoints.profilbildHochladen, { body: { file } })
        : callEndpoint(profilEndpoints.profilbildHochladenFuer, { params: { userId }, body: { file } }),
    onSuccess: () => invalidateEndpoints(queryClient, ...PROFIL_VIEWS, profilEndpoints.profilbild),
  });
}
