import {
  navigationEditSchema,
  pagesToDeleteSchema,
  type NavigationEdit,
  type NavigationNode,
  type PageToDelete,
} from '@dihs/contract/navigation';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Not under ['navigation']: invalidating the top bar's menu must not reload the tree being edited. */
export const navigationEditKey = ['navigation-edit'] as const;

/** GET /navigation/edit: the whole tree with inactive pages, its version and the urls in use. */
export const getNavigationEdit = (signal?: AbortSignal): Promise<NavigationEdit> =>
  apiRequest('/navigation/edit', { schema: navigationEditSchema, ...(signal ? { signal } : {}) });

export function useNavigationEdit() {
  return useQuery({
    queryKey: navigationEditKey,
    queryFn: ({ signal }) => getNavigationEdit(signal),
    // local edits live in the page's state; a refetch in the background would replace them
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // every load is a new object, so the page can tell a reload (Abbrechen) even when nothing changed
    structuralSharing: false,
  });
}

/** POST /navigation/edit: answers the pages that are in no menu entry any more. */
export const saveNavigation = (version: number, baum: NavigationNode[]): Promise<PageToDelete[]> =>
  apiRequest('/navigation/edit', { method: 'POST', json: { version, baum }, schema: pagesToDeleteSchema });

export const useSaveNavigation = () =>
  useMutation({
    mutationFn: ({ version, baum }: { version: number; baum: NavigationNode[] }) => saveNavigation(version, baum),
  });
