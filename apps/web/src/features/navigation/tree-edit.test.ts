import type { NavigationNode } from '@dihs/contract/navigation';
import { describe, expect, it } from 'vitest';
import {
  addNode,
  canMove,
  changeParent,
  deleteNode,
  deleteRefusal,
  insertionParent,
  moveNode,
  newPageUrls,
  parentOptions,
  renameNode,
} from './tree-edit.ts';

const page = (id: number | string, ziel: string, statisch = false): NavigationNode => ({
  id,
  titel: `Seite ${id}`,
  type: 'eintrag',
  urlDto: { urlType: 'SEITE', ziel, statisch },
});
const menu = (id: number | string, kinder: NavigationNode[] = []): NavigationNode => ({
  id,
  titel: `Menü ${id}`,
  type: 'menue',
  kinder,
});

// 1 > (2, 3 > (4, 5 > (6))), 7 (static), 8 (empty menu)
const TREE: NavigationNode[] = [
  menu(1, [page(2, 'zwei'), menu(3, [page(4, 'vier'), menu(5, [page(6, 'sechs')])])]),
  page(7, 'agb', true),
  menu(8),
];

/** Ids as nested arrays, to compare shapes. */
type Shape = (number | string | [number | string, Shape])[];
const shape = (nodes: readonly NavigationNode[]): Shape =>
  nodes.map((n) => (n.type === 'menue' ? [n.id, shape(n.kinder ?? [])] : n.id));

describe('moving among siblings', () => {
  it('swaps with the sibling above or below', () => {
    expect(shape(moveNode(TREE, 7, -1))).toEqual([7, [1, [2, [3, [4, [5, [6]]]]]], [8, []]]);
    expect(shape(moveNode(TREE, 4, 1))).toEqual([[1, [2, [3, [[5, [6]], 4]]]], 7, [8, []]]);
  });

  it('offers no move past the ends and leaves the tree as it is', () => {
    expect(canMove(TREE, 1, -1)).toBe(false);
    expect(canMove(TREE, 8, 1)).toBe(false);
    expect(canMove(TREE, 6, 1)).toBe(false);
    expect(canMove(TREE, 2, 1)).toBe(true);
    expect(shape(moveNode(TREE, 1, -1))).toEqual(shape(TREE));
  });

  it('does not change the tree it was given', () => {
    const before = JSON.stringify(TREE);
    moveNode(TREE, 4, 1);
    changeParent(TREE, 2, 8);
    deleteNode(TREE, 3);
    expect(JSON.stringify(TREE)).toBe(before);
  });
});

describe('changing the parent menu', () => {
  it('offers the top level and the menus that keep the node within three levels, never itself or its own menus', () => {
    // menu 3 is three levels high: it fits only at the top level
    expect(parentOptions(TREE, 3).map((o) => o.id)).toEqual([null]);
    // menu 5 is two levels high: the top level and level-1 menus fit
    expect(parentOptions(TREE, 5).map((o) => o.id)).toEqual([null, 1, 8]);
    // an entry fits into menus of level 1 and 2
    expect(parentOptions(TREE, 6).map((o) => o.id)).toEqual([null, 1, 3, 8]);
    // a menu of level 3 holds no children any more
    expect(parentOptions([menu(1, [menu(2, [menu(3)])]), page(9, 'x')], 9).map((o) => o.id)).toEqual([null, 1, 2]);
  });

  it('moves the node to the end of the chosen menu', () => {
    expect(shape(changeParent(TREE, 2, 8))).toEqual([[1, [[3, [4, [5, [6]]]]]], 7, [8, [2]]]);
    expect(shape(changeParent(TREE, 5, null))).toEqual([[1, [2, [3, [4]]]], 7, [8, []], [5, [6]]]);
  });

  it('refuses moves that would go deeper than three levels or into the node itself', () => {
    expect(shape(changeParent(TREE, 3, 8))).toEqual(shape(TREE));
    expect(shape(changeParent(TREE, 3, 5))).toEqual(shape(TREE));
    expect(shape(changeParent(TREE, 1, 3))).toEqual(shape(TREE));
  });
});

describe('deleting', () => {
  it('moves the children of a deleted menu up into its place', () => {
    expect(shape(deleteNode(TREE, 3))).toEqual([[1, [2, 4, [5, [6]]]], 7, [8, []]]);
  });

  it('deletes a top-level menu only when it is empty', () => {
    expect(deleteRefusal(TREE, 1)).toBe('Ein Hauptmenü kann nur gelöscht werden, wenn es leer ist.');
    expect(shape(deleteNode(TREE, 1))).toEqual(shape(TREE));
    expect(deleteRefusal(TREE, 8)).toBeNull();
    expect(shape(deleteNode(TREE, 8))).toEqual([[1, [2, [3, [4, [5, [6]]]]]], 7]);
  });

  it('deletes a top-level menu emptied in this session only after a save', () => {
    const loaded: NavigationNode[] = [menu(1, [menu(3, [page(4, 'vier')])]), menu(8)];
    const cleared = deleteNode(deleteNode(loaded, 3, loaded), 4, loaded);
    expect(shape(cleared)).toEqual([
      [1, []],
      [8, []],
    ]);
    expect(deleteRefusal(cleared, 1, loaded)).toBe(
      'Das Menü wurde eben erst geleert: bitte zuerst speichern, dann das Menü löschen.',
    );
    expect(shape(deleteNode(cleared, 1, loaded))).toEqual(shape(cleared));
    // children moved elsewhere still exist: the menu may go
    const moved = changeParent(loaded, 3, 8);
    expect(shape(moved)).toEqual([
      [1, []],
      [8, [[3, [4]]]],
    ]);
    expect(deleteRefusal(moved, 1, loaded)).toBeNull();
  });

  it('never deletes a static page', () => {
    expect(deleteRefusal(TREE, 7)).toBe('Statische Seiten können nicht gelöscht werden.');
    expect(shape(deleteNode(TREE, 7))).toEqual(shape(TREE));
    expect(shape(deleteNode(TREE, 6))).toEqual([[1, [2, [3, [4, [5, []]]]]], 7, [8, []]]);
  });
});

describe('new nodes', () => {
  it('go into a selected menu, next to a selected entry, or to the top level, within three levels', () => {
    expect(insertionParent(TREE, null)).toEqual({ id: null, depth: 0 });
    expect(insertionParent(TREE, 3)).toEqual({ id: 3, depth: 2 });
    expect(insertionParent(TREE, 4)).toEqual({ id: 3, depth: 2 });
    expect(insertionParent(TREE, 7)).toEqual({ id: null, depth: 0 });
    expect(insertionParent(TREE, 5)).toBeNull();
    expect(insertionParent(TREE, 6)).toBeNull();
  });

  it('are appended, renamed, and their urls are known', () => {
    const neu: NavigationNode = { ...page('n1', 'Neu'), toCreate: true };
    const tree = renameNode(addNode(TREE, 8, neu), 'n1', 'Umbenannt');
    expect(shape(tree)).toEqual([[1, [2, [3, [4, [5, [6]]]]]], 7, [8, ['n1']]]);
    expect(tree[2]?.kinder?.[0]?.titel).toBe('Umbenannt');
    expect(newPageUrls(tree)).toEqual(['neu']);
  });
});
