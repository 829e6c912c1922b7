import { navigationEndpoints, type TrashBody } from '@dihs/contract/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateEndpoints, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';

const { papierkorb } = navigationEndpoints;

/** GET /navigation/trash: the trashed pages, newest first. */
export const useTrash = () => useEndpointQuery(papierkorb, undefined);

/** Refreshes the trash whether the call succeeded or not: a half-done disposal shows what is in it now. */
function useRefreshTrashAfterwards() {
  const queryClient = useQueryClient();
  return { onSettled: () => invalidateEndpoints(queryClient, papierkorb) };
}

/** POST /navigation/trash: pages out of the menu into the trash, or (final) deleted for good. */
export const useDisposePages = () =>
  useEndpointMutation(navigationEndpoints.entsorgen, {
    toInput: (body: TrashBody) => ({ body }),
    ...useRefreshTrashAfterwards(),
  });

/** POST /navigation/trash/restore/{id}: back with a menu entry at the end of the top level. */
export const useRestorePage = () =>
  useEndpointMutation(navigationEndpoints.wiederherstellen, {
    toInput: (id: number) => ({ params: { id } }),
    invalidates: [papierkorb, navigationEndpoints.bearbeiten, navigationEndpoints.baum],
  });

/** GET /navigation/emptytrash (spec 3, section 7). */
export const useEmptyTrash = () =>
  useEndpointMutation(navigationEndpoints.papierkorbLeeren, { ...useRefreshTrashAfterwards() });
