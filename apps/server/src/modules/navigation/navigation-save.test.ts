import { describe, expect, it } from 'vitest';
import { INHALT_TEXTS } from '@dihs/contract/inhalt';
import { NAVIGATION_TEXTS } from '@dihs/contract/navigation';
import type { PageRow } from '../inhalt/index.ts';
import { planTreeSave, type SentNode } from './navigation-save.ts';
import type { NavigationNodeRow } from './navigation.table.ts';

const row = (over: Partial<NavigationNodeRow> & Pick<NavigationNodeRow, 'id' | 'type'>): NavigationNodeRow => ({
  parentId: null,
  position: 0,
  titel: `Knoten ${over.id}`,
  seiteId: null,
  urlType: over.type === 'eintrag' ? 'SEITE' : null,
  ziel: null,
  params: null,
  ...over,
});
const page = (id: number, url: string, statisch = false): PageRow => ({
  id,
  url,
  titel: url,
  bild: null,
  inhalt: '',
  statisch,
  aktiv: true,
  oeffentlich: true,
  firmaId: null,
  berechtigte: [],
  berechtigteRollen: [],
  geloeschtAm: null,
  geaendertAm: new Date(),
});

// Menu 1 > (entry 2 -> page 20 "info", menu 3 > entry 4 -> static page 40 "agb"); menu 5 (empty)
const STORED = [
  row({ id: 1, type: 'menue' }),
  row({ id: 2, type: 'eintrag', parentId: 1, seiteId: 20 }),
  row({ id: 3, type: 'menue', parentId: 1, position: 1 }),
  row({ id: 4, type: 'eintrag', parentId: 3, seiteId: 40 }),
  row({ id: 5, type: 'menue', position: 1 }),
];
const PAGES = [page(20, 'info'), page(40, 'agb', true), page(60, 'Papierkorb')];

const menu = (id: number | string, kinder: SentNode[] = [], titel = `Knoten ${id}`): SentNode => ({
  id,
  titel,
  type: 'menue',
  kinder,
});
const entry = (id: number | string, ziel?: string): SentNode => ({
  id,
  titel: `Knoten ${id}`,
  type: 'eintrag',
  ...(ziel === undefined ? {} : { urlDto: { urlType: 'SEITE', ziel, statisch: false } }),
});
const unchanged = (): SentNode[] => [menu(1, [entry(2), menu(3, [entry(4)])]), menu(5)];

const plan = (tree: SentNode[]) => planTreeSave(tree, STORED, PAGES);
const refusal = (tree: SentNode[]) => {
  try {
    plan(tree);
  } catch (error) {
    return (error as Error).message;
  }
  return 'kein Fehler';
};

describe('planTreeSave', () => {
  it('plans the unchanged tree top-down with positions and nothing removed', () => {
    const result = plan(unchanged());
    expect(result.removedIds).toEqual([]);
    expect(result.nodes.map((n) => [n.key, n.parentKey, n.position])).toEqual([
      [1, null, 0],
      [2, 1, 0],
      [3, 1, 1],
      [4, 3, 0],
      [5, null, 1],
    ]);
  });

  it('plans new menus and pages with temporary ids under their new parent', () => {
    const result = plan([...unchanged(), menu('n1', [entry('n2', 'neu')])]);
    expect(result.nodes.slice(-2)).toEqual([
      { key: 'n1', parentKey: null, position: 2, titel: 'Knoten n1', type: 'menue', isNew: true },
      {
        key: 'n2',
        parentKey: 'n1',
        position: 0,
        titel: 'Knoten n2',
        type: 'eintrag',
        isNew: true,
        newPageUrl: 'neu',
      },
    ]);
  });

  it('refuses a fourth level', () => {
    expect(refusal([menu(1, [menu(3, [menu('n1', [entry('n2', 'tief')])])]), menu(5, [entry(2), entry(4)])])).toBe(
      NAVIGATION_TEXTS.zuTief,
    );
  });

  it('accepts three levels', () => {
    expect(() => plan([menu(1, [menu(3, [entry(4), entry(2)])]), menu(5)])).not.toThrow();
  });

  it('refuses a menu inside itself as a cycle, and a node twice as a duplicate', () => {
    expect(refusal([menu(1, [entry(2), menu(3, [entry(4), menu(1)])]), menu(5)])).toBe(NAVIGATION_TEXTS.zyklus);
    expect(refusal([menu(1, [entry(2), menu(3, [entry(4)])]), menu(5, [entry(2)])])).toBe(NAVIGATION_TEXTS.doppelt);
  });

  it('refuses unknown ids, also as a parent, and malformed temporary ids', () => {
    expect(refusal([...unchanged(), entry(99)])).toBe(NAVIGATION_TEXTS.unbekannt);
    expect(refusal([menu(1, [menu(99, [entry(2)]), menu(3, [entry(4)])]), menu(5)])).toBe(NAVIGATION_TEXTS.unbekannt);
    expect(refusal([...unchanged(), menu('x1')])).toBe(NAVIGATION_TEXTS.unbekannt);
  });

  it('refuses a changed type and children of an entry', () => {
    expect(refusal([menu(1, [entry(2), menu(3, [entry(4)])]), entry(5)])).toBe(NAVIGATION_TEXTS.typGeaendert);
    expect(refusal([menu(1, [{ ...entry(2), kinder: [entry(4)] }, menu(3)]), menu(5)])).toBe(
      NAVIGATION_TEXTS.fehlendeKinderListe,
    );
  });

  it('checks the url of a new page: present, one segment, and free in any case, trash and this save included', () => {
    expect(refusal([...unchanged(), entry('n1')])).toBe(NAVIGATION_TEXTS.neueSeiteOhneUrl);
    expect(refusal([...unchanged(), entry('n1', '')])).toBe(INHALT_TEXTS.urlLeer);
    expect(refusal([...unchanged(), entry('n1', 'a/b')])).toBe(INHALT_TEXTS.urlZeichen);
    expect(refusal([...unchanged(), entry('n1', 'a b')])).toBe(INHALT_TEXTS.urlZeichen);
    expect(refusal([...unchanged(), entry('n1', 'INFO')])).toBe(INHALT_TEXTS.urlBelegt);
    expect(refusal([...unchanged(), entry('n1', 'papierkorb')])).toBe(INHALT_TEXTS.urlBelegt);
    expect(refusal([...unchanged(), entry('n1', 'neu'), entry('n2', 'Neu')])).toBe(INHALT_TEXTS.urlBelegt);
  });

  it('removes an entry of a content page', () => {
    expect(plan([menu(1, [menu(3, [entry(4)])]), menu(5)]).removedIds).toEqual([2]);
  });

  it('refuses to remove the last entry of a static page', () => {
    expect(refusal([menu(1, [entry(2), menu(3)]), menu(5)])).toBe(NAVIGATION_TEXTS.statischNichtLoeschbar);
  });

  it('removes an inner menu whose children moved up to its parent', () => {
    expect(plan([menu(1, [entry(2), entry(4)]), menu(5)]).removedIds).toEqual([3]);
  });

  it('removes an empty top-level menu, and one emptied in the same save', () => {
    expect(plan([menu(1, [entry(2), menu(3, [entry(4)])])]).removedIds).toEqual([5]);
    expect(plan([menu(5, [entry(2), menu(3, [entry(4)])])]).removedIds).toEqual([1]);
  });

  it('refuses to remove a top-level menu together with its children', () => {
    expect(refusal([menu(5, [menu(3, [entry(4)])])])).toBe(NAVIGATION_TEXTS.hauptmenueNichtLeer);
  });
});
