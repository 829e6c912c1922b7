import { okResponseSchema } from '@dihs/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PROFILE_PHOTO_KEY } from '../../../components/profile-photo.tsx';
import { profilKey } from './profil-api.ts';

/** POST /upload/profile (own) or /upload/profile/{userId} (operator), multipart with the file. */
export function useUploadProfilbild(userId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<true> => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(userId === undefined ? '/upload/profile' : `/upload/profile/${userId}`, {
        method: 'POST',
        form,
        schema: okResponseSchema,
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profilKey }),
        queryClient.invalidateQueries({ queryKey: PROFILE_PHOTO_KEY }),
      ]),
  });
}
