import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { firmenKey } from './get-firmen.ts';

/** POST /firma/entfernen: its users lose the affiliation, pages tied to it are deactivated. */
export const deleteFirma = (id: number): Promise<unknown> =>
  apiRequest('/firma/entfernen', { method: 'POST', json: { id } });

export function useDeleteFirma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFirma,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmenKey }),
  });
}
