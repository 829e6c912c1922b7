import { profilEndpoints } from '@dihs/contract/profil';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { invalidateEndpoints } from '../../../lib/endpoint-query.ts';
import { PROFIL_VIEWS } from './profil-api.ts';

/** POST /upload/profile (own) or /upload/profile/{userId} (operator), multipart with the file. */
export function useUploadProfilbild(userId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<true> => {
      const body = new FormData();
      body.append('file', file);
      return userId === undefined
        ? callEndpoint(profilEndpoints.profilbildHochladen, { body })
        : callEndpoint(profilEndpoints.profilbildHochladenFuer, { params: { userId }, body });
    },
    onSuccess: () => invalidateEndpoints(queryClient, ...PROFIL_VIEWS, profilEndpoints.profilbild),
  });
}
