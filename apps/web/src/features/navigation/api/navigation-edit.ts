import { navigationEndpoints, type NavigationNode, type NavigationSaveBody } from '@dihs/contract/navigation';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateEndpoints, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * GET /navigation/edit: the whole tree with inactive pages, its version and the urls in use. Its key differs from
 * the top bar's menu (GET /navigation), so refreshing the menu does not reload the tree being edited.
 */
export const useNavigationEdit = () =>
  useEndpointQuery(navigationEndpoints.bearbeiten, undefined, {
    // local edits live in the page's state; a refetch in the background would replace them
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // every load is a new object, so the page can tell a reload (Abbrechen) even when nothing changed
    structuralSharing: false,
  });

/** The top bar's menu changed: refetch it. */
export const refreshMenu = (queryClient: QueryClient) => invalidateEndpoints(queryClient, navigationEndpoints.baum);

/** Reloads the edited tree from the server and flags the menu in the top bar as changed. */
export const reloadNavigation = (queryClient: QueryClient) =>
  invalidateEndpoints(queryClient, navigationEndpoints.bearbeiten, navigationEndpoints.baum);

/** POST /navigation/edit: answers the pages that are in no menu entry any more. */
export const useSaveNavigation = () =>
  useEndpointMutation(navigationEndpoints.speichern, {
    // the editor's tree type is recursive; the schema spells out the three levels the menu allows and checks them
    toInput: ({ version, baum }: { version: number; baum: NavigationNode[] }) => ({
      body: { version, baum } as NavigationSaveBody,
    }),
  });
