import { trashListSchema, type TrashBody, type TrashEntry } from '@dihs/contract/navigation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { navigationEditKey } from './navigation-edit.ts';

const trashKey = ['navigation-trash'] as const;

/** GET /navigation/trash: the trashed pages, newest first. */
export const getTrash = (signal?: AbortSignal): Promise<TrashEntry[]> =>
  apiRequest('/navigation/trash', { schema: trashListSchema, ...(signal ? { signal } : {}) });

export const useTrash = () => useQuery({ queryKey: trashKey, queryFn: ({ signal }) => getTrash(signal) });

/** POST /navigation/trash: pages out of the menu into the trash, or (final) deleted for good. */
export function useDisposePages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrashBody) => apiRequest('/navigation/trash', { method: 'POST', json: body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashKey }),
  });
}

/** POST /navigation/trash/restore/{id}: back with a menu entry at the end of the top level. */
export function useRestorePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/navigation/trash/restore/${id}`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trashKey }),
        queryClient.invalidateQueries({ queryKey: navigationEditKey }),
        queryClient.invalidateQueries({ queryKey: ['navigation'] }),
      ]),
  });
}

/** GET /navigation/emptytrash (spec 3, section 7). */
export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/navigation/emptytrash'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashKey }),
  });
}
