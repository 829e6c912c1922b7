import type { NavigationNode } from '@dihs/contract/navigation';
import { describe, expect, it } from 'vitest';
import { visibleNavigation } from './navigation-tree.ts';

const page = (id: number, ziel = `seite${id}`): NavigationNode => ({
  id,
  titel: `Seite ${id}`,
  type: 'eintrag',
  urlDto: { urlType: 'SEITE', ziel, statisch: false },
});
const menu = (id: number, kinder: NavigationNode[]): NavigationNode => ({
  id,
  titel: `Menü ${id}`,
  type: 'menue',
  kinder,
});

describe('visibleNavigation', () => {
  it('keeps entries and menus up to three levels', () => {
    const tree = [page(1), menu(2, [page(3), menu(4, [page(5)])])];
    expect(visibleNavigation(tree)).toEqual(tree);
  });

  it('drops entries without a target and menus left empty', () => {
    const withoutTarget: NavigationNode = { id: 9, titel: 'Ohne Ziel', type: 'eintrag' };
    expect(visibleNavigation([withoutTarget, menu(2, [withoutTarget]), menu(3, [])])).toEqual([]);
  });

  it('cuts whatever lies below the third level', () => {
    const tree = [menu(1, [menu(2, [menu(3, [page(4)]), page(5)])])];
    expect(visibleNavigation(tree)).toEqual([menu(1, [menu(2, [page(5)])])]);
  });
});
