import { checkGuard, matchRoute } from '@dihs/contract/common/routes';
import type { NavigationNode, UrlDto } from '@dihs/contract/navigation';
import type { PageRow } from '../inhalt/index.ts';
import { pageAccess } from '../inhalt/index.ts';
import type { Viewer } from '../users/index.ts';
import type { NavigationNodeRow } from './navigation.table.ts';

/** The link target of an entry, or null when its page is gone. */
function urlDtoOf(row: NavigationNodeRow, pagesById: Map<number, PageRow>): UrlDto | null {
  if (row.urlType === 'SEITE') {
    const page = row.seiteId === null ? undefined : pagesById.get(row.seiteId);
    return page ? { urlType: 'SEITE', ziel: page.url, statisch: page.statisch } : null;
  }
  if (!row.urlType) return null;
  return { urlType: row.urlType, ziel: row.ziel ?? '', statisch: false, ...(row.params ? { params: row.params } : {}) };
}

/** Whether the viewer may follow an entry: pages by their access rules, app routes by the route table's guards. */
function entryVisible(row: NavigationNodeRow, url: UrlDto, pagesById: Map<number, PageRow>, viewer: Viewer | null) {
  const session = viewer ? { role: viewer.role, privileges: viewer.privileges } : null;
  switch (url.urlType) {
    case 'SEITE': {
      const page = row.seiteId === null ? undefined : pagesById.get(row.seiteId);
      return page !== undefined && pageAccess(page, viewer) === 'ok';
    }
    case 'APP': {
      const route = matchRoute(url.ziel);
      return route !== undefined && 'allowed' in checkGuard(route.guard, session);
    }
    case 'PROFIL':
      return viewer !== null;
    case 'THERAPEUT_TERMINE':
      return viewer?.role === 'THERAPEUT';
    case 'PATIENT_TERMINE':
    case 'WARTERAUM':
      return viewer?.role === 'PATIENT';
    case 'EXTERN':
      return true;
  }
}

/**
 * Builds the menu tree the viewer sees: entries they may follow, and menus that keep at least one of them.
 * Rows arrive in sibling order.
 */
export function visibleNavigationTree(
  rows: NavigationNodeRow[],
  pages: PageRow[],
  viewer: Viewer | null,
): NavigationNode[] {
  const pagesById = new Map(pages.map((p) => [p.id, p]));
  const childrenOf = new Map<number | null, NavigationNodeRow[]>();
  for (const row of rows) {
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentId, siblings);
  }
  const build = (parentId: number | null): NavigationNode[] =>
    (childrenOf.get(parentId) ?? []).flatMap((row): NavigationNode[] => {
      if (row.type === 'menue') {
        const kinder = build(row.id);
        return kinder.length > 0 ? [{ id: row.id, titel: row.titel, type: 'menue', kinder }] : [];
      }
      const urlDto = urlDtoOf(row, pagesById);
      if (!urlDto || !entryVisible(row, urlDto, pagesById, viewer)) return [];
      const page = row.seiteId === null ? undefined : pagesById.get(row.seiteId);
      return [{ id: row.id, titel: row.titel, type: 'eintrag', aktiv: page?.aktiv ?? true, urlDto }];
    });
  return build(null);
}

/**
 * The whole tree for the editor: every node, inactive pages included (marked by aktiv), menus always with their
 * list of children. Rows arrive in sibling order.
 */
export function editorNavigationTree(rows: NavigationNodeRow[], pages: PageRow[]): NavigationNode[] {
  const pagesById = new Map(pages.map((p) => [p.id, p]));
  const childrenOf = new Map<number | null, NavigationNodeRow[]>();
  for (const row of rows) {
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentId, siblings);
  }
  const build = (parentId: number | null): NavigationNode[] =>
    (childrenOf.get(parentId) ?? []).map((row): NavigationNode => {
      if (row.type === 'menue') return { id: row.id, titel: row.titel, type: 'menue', kinder: build(row.id) };
      const page = row.seiteId === null ? undefined : pagesById.get(row.seiteId);
      const urlDto = urlDtoOf(row, pagesById);
      return {
        id: row.id,
        titel: row.titel,
        type: 'eintrag',
        aktiv: page?.aktiv ?? true,
        ...(urlDto ? { urlDto } : {}),
      };
    });
  return build(null);
}
