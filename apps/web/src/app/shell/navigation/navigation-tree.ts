import { LIMITS } from '@dihs/contract/common/constants';
import type { NavigationNode } from '@dihs/contract/navigation';

/**
 * The part of the server's tree that can be shown: entries with a link target, menus with at least one
 * such entry, and nothing deeper than the three levels the editor allows (spec 3, "Navigation editor").
 */
export function visibleNavigation(nodes: readonly NavigationNode[], depth = 1): NavigationNode[] {
  if (depth > LIMITS.navigationDepth) return [];
  return nodes.flatMap((node): NavigationNode[] => {
    if (node.type === 'eintrag') return node.urlDto ? [node] : [];
    const kinder = visibleNavigation(node.kinder ?? [], depth + 1);
    return kinder.length > 0 ? [{ ...node, kinder }] : [];
  });
}
