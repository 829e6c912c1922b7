import type { NavigationNode, navigationEndpoints } from '@dihs/contract/navigation';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { useViewerKey } from '../../../lib/session-context.ts';
import { visibleNavigation } from './navigation-tree.ts';

type NavigationEndpoints = typeof navigationEndpoints;

/**
 * The menu's endpoint path, known before the contract is loaded: the contract's navigation module brings zod, which
 * is loaded with the menu, after the page's first paint. The type ties the literal to the declaration, so the two
 * cannot drift apart.
 */
const MENU_PATH: NavigationEndpoints['baum']['path'] = '/navigation';

/** GET /navigation: the menu tree, already filtered by the server for the viewer. */
export async function getNavigation(signal?: AbortSignal): Promise<NavigationNode[]> {
  const { navigationEndpoints } = await import('@dihs/contract/navigation');
  return callEndpoint(navigationEndpoints.baum, {}, signal ? { signal } : {});
}

const NO_NODES: NavigationNode[] = [];

/** The viewer's menu; a failed load shows no menu rather than an error (spec 1, section 8). */
export function useNavigationTree(): NavigationNode[] {
  const viewer = useViewerKey();
  const { data } = useQuery({
    queryKey: [MENU_PATH, viewer, null],
    queryFn: ({ signal }) => getNavigation(signal),
    staleTime: 5 * 60_000,
  });
  return useMemo(() => (data ? visibleNavigation(data) : NO_NODES), [data]);
}
