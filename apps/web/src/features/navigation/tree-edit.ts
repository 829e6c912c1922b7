import { NAVIGATION_LIMITS, type NavigationNode } from '@dihs/contract/navigation';

/**
 * The navigation editor's local edits (spec 3 "Navigation editor"): pure functions that answer a new tree and
 * never change the one they get. Nothing reaches the server until Speichern.
 */

export type NodeId = NavigationNode['id'];

export interface Located {
  node: NavigationNode;
  /** null for a top-level node. */
  parent: NavigationNode | null;
  index: number;
  siblings: readonly NavigationNode[];
  /** 1 for top-level nodes. */
  depth: number;
}

export function locate(tree: readonly NavigationNode[], id: NodeId): Located | undefined {
  const walk = (
    siblings: readonly NavigationNode[],
    parent: NavigationNode | null,
    depth: number,
  ): Located | undefined => {
    for (const [index, node] of siblings.entries()) {
      if (node.id === id) return { node, parent, index, siblings, depth };
      const inner = walk(node.kinder ?? [], node, depth + 1);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk(tree, null, 1);
}

/** Levels a node takes up: 1 for an entry or an empty menu, plus its deepest child. */
export const heightOf = (node: NavigationNode): number => 1 + Math.max(0, ...(node.kinder ?? []).map(heightOf));

const contains = (node: NavigationNode, id: NodeId): boolean =>
  node.id === id || (node.kinder ?? []).some((child) => contains(child, id));

/** The tree with the children of `parentId` (null: the top level) replaced. */
function withChildren(
  tree: readonly NavigationNode[],
  parentId: NodeId | null,
  change: (children: readonly NavigationNode[]) => NavigationNode[],
): NavigationNode[] {
  if (parentId === null) return change(tree);
  return tree.map((node) =>
    node.id === parentId
      ? { ...node, kinder: change(node.kinder ?? []) }
      : node.kinder
        ? { ...node, kinder: withChildren(node.kinder, parentId, change) }
        : node,
  );
}

/** Whether the node can move one place up (-1) or down (+1) among its siblings: not past the ends. */
export function canMove(tree: readonly NavigationNode[], id: NodeId, delta: -1 | 1): boolean {
  const found = locate(tree, id);
  if (!found) return false;
  const target = found.index + delta;
  return target >= 0 && target < found.siblings.length;
}

/** Swaps the node with its sibling above (-1) or below (+1). */
export function moveNode(tree: readonly NavigationNode[], id: NodeId, delta: -1 | 1): NavigationNode[] {
  const found = locate(tree, id);
  if (!found || !canMove(tree, id, delta)) return [...tree];
  return withChildren(tree, found.parent?.id ?? null, (children) => {
    const next = [...children];
    const target = found.index + delta;
    [next[found.index], next[target]] = [next[target]!, next[found.index]!];
    return next;
  });
}

/** A menu the node may move into: id null is the top level. */
export interface ParentOption {
  id: NodeId | null;
  titel: string;
  depth: number;
}

/**
 * Where a node may move: the top level and every menu that keeps the node and its children within three levels,
 * never into itself or one of its own menus.
 */
export function parentOptions(tree: readonly NavigationNode[], id: NodeId): ParentOption[] {
  const found = locate(tree, id);
  if (!found) return [];
  const height = heightOf(found.node);
  const options: ParentOption[] = [{ id: null, titel: 'Oberste Ebene', depth: 0 }];
  const walk = (siblings: readonly NavigationNode[], depth: number) => {
    for (const node of siblings) {
      if (node.type !== 'menue' || contains(found.node, node.id)) continue;
      if (depth + height <= NAVIGATION_LIMITS.tiefe) options.push({ id: node.id, titel: node.titel, depth });
      walk(node.kinder ?? [], depth + 1);
    }
  };
  walk(tree, 1);
  return options;
}

/** Moves the node to the end of another menu (or the top level); refused moves answer the tree unchanged. */
export function changeParent(tree: readonly NavigationNode[], id: NodeId, parentId: NodeId | null): NavigationNode[] {
  const found = locate(tree, id);
  if (!found || (found.parent?.id ?? null) === parentId) return [...tree];
  if (!parentOptions(tree, id).some((option) => option.id === parentId)) return [...tree];
  const removed = withChildren(tree, found.parent?.id ?? null, (children) => children.filter((n) => n.id !== id));
  return withChildren(removed, parentId, (children) => [...children, found.node]);
}

/**
 * Why a node cannot be deleted, or null when it can (spec 3: static pages never, top-level menus only when empty).
 * The server sees only the saved tree, so a top-level menu whose own entries were deleted in this session must
 * wait for a save first: otherwise it could not tell that the menu was emptied before it was deleted.
 */
export function deleteRefusal(
  tree: readonly NavigationNode[],
  id: NodeId,
  loaded: readonly NavigationNode[] = tree,
): string | null {
  const found = locate(tree, id);
  if (!found) return 'Unbekannter Eintrag.';
  if (found.node.type === 'eintrag') {
    return found.node.urlDto?.urlType === 'SEITE' && found.node.urlDto.statisch
      ? 'Statische Seiten können nicht gelöscht werden.'
      : null;
  }
  if (found.depth === 1) {
    if ((found.node.kinder ?? []).length > 0) return 'Ein Hauptmenü kann nur gelöscht werden, wenn es leer ist.';
    const before = loaded.find((node) => node.id === id);
    if ((before?.kinder ?? []).some((child) => !locate(tree, child.id))) {
      return 'Das Menü wurde eben erst geleert: bitte zuerst speichern, dann das Menü löschen.';
    }
  }
  return null;
}

/** Deletes a node; a menu's children move up to its parent, in its place. */
export function deleteNode(
  tree: readonly NavigationNode[],
  id: NodeId,
  loaded: readonly NavigationNode[] = tree,
): NavigationNode[] {
  const found = locate(tree, id);
  if (!found || deleteRefusal(tree, id, loaded) !== null) return [...tree];
  return withChildren(tree, found.parent?.id ?? null, (children) =>
    children.flatMap((node) => (node.id === id ? (node.kinder ?? []) : [node])),
  );
}

/**
 * Where a new node goes when `selected` is chosen: into a selected menu, next to a selected entry (its menu), or
 * the top level. Null when the new node would be deeper than three levels.
 */
export function insertionParent(
  tree: readonly NavigationNode[],
  selected: NodeId | null,
): { id: NodeId | null; depth: number } | null {
  const found = selected === null ? undefined : locate(tree, selected);
  const target = !found
    ? { id: null, depth: 0 }
    : found.node.type === 'menue'
      ? { id: found.node.id, depth: found.depth }
      : { id: found.parent?.id ?? null, depth: found.depth - 1 };
  return target.depth + 1 <= NAVIGATION_LIMITS.tiefe ? target : null;
}

/** Appends a new node to a menu (or the top level). */
export const addNode = (
  tree: readonly NavigationNode[],
  parentId: NodeId | null,
  node: NavigationNode,
): NavigationNode[] => withChildren(tree, parentId, (children) => [...children, node]);

/** Renames a node. */
export const renameNode = (tree: readonly NavigationNode[], id: NodeId, titel: string): NavigationNode[] => {
  const found = locate(tree, id);
  if (!found) return [...tree];
  return withChildren(tree, found.parent?.id ?? null, (children) =>
    children.map((node) => (node.id === id ? { ...node, titel } : node)),
  );
};

/** The urls of pages created in this editing session (not saved yet), lower-cased. */
export const newPageUrls = (tree: readonly NavigationNode[]): string[] =>
  tree.flatMap((node) => [
    ...(node.toCreate && node.urlDto?.urlType === 'SEITE' ? [node.urlDto.ziel.toLowerCase()] : []),
    ...newPageUrls(node.kinder ?? []),
  ]);
