import type { NavigationNode } from '@dihs/contract/navigation';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { useViewerKey } from '../../session/session-context.ts';
import { visibleNavigation } from './navigation-tree.ts';

/** GET /navigation: the menu tree, already filtered by the server for the viewer. */
export async function getNavigation(signal?: AbortSignal): Promise<NavigationNode[]> {
  // the contract's navigation module brings zod: loaded with the menu, after the page's first paint
  const { navigationTreeSchema } = await import('@dihs/contract/navigation');
  return apiRequest('/navigation', { schema: navigationTreeSchema, ...(signal ? { signal } : {}) });
}

const NO_NODES: NavigationNode[] = [];

/** The viewer's menu; a failed load shows no menu rather than an error (spec 1, section 8). */
export function useNavigationTree(): NavigationNode[] {
  const viewer = useViewerKey();
  const { data } = useQuery({
    queryKey: ['navigation', viewer],
    queryFn: ({ signal }) => getNavigation(signal),
    staleTime: 5 * 60_000,
  });
  return useMemo(() => (data ? visibleNavigation(data) : NO_NODES), [data]);
}
