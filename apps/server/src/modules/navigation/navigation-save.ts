import { pageUrlRule } from '@dihs/contract/inhalt';
import { NAVIGATION_LIMITS, NAVIGATION_TEXTS, TEMP_NODE_ID, type UrlDto } from '@dihs/contract/navigation';
import { INHALT_TEXTS } from '@dihs/contract/inhalt';
import { HttpError } from '../../lib/http-error.ts';
import type { PageRow } from '../inhalt/index.ts';
import type { NavigationNodeRow } from './navigation.table.ts';

/** A node of the tree a save sends, as the contract's schema parsed it (deeper levels stay unparsed). */
export interface SentNode {
  id: number | string;
  titel: string;
  type: 'menue' | 'eintrag';
  urlDto?: UrlDto | undefined;
  kinder?: readonly unknown[] | undefined;
}

/** One node of the saved tree, in top-down order, so a parent always comes before its children. */
export interface PlannedNode {
  /** The stored id, or the editor's temporary id (n1, n2, ...) for a new node. */
  key: number | string;
  parentKey: number | string | null;
  position: number;
  titel: string;
  type: 'menue' | 'eintrag';
  isNew: boolean;
  /** A new entry: the url of the page created with it. */
  newPageUrl?: string;
}

export interface TreePlan {
  nodes: PlannedNode[];
  /** Stored nodes that are no longer in the tree. */
  removedIds: number[];
}

const fail = (message: string): never => {
  throw HttpError.badRequest(message);
};

/**
 * Checks a whole tree sent by the editor against the stored nodes and pages, and plans the save (spec 3
 * "Navigation editor", sections 5 and 9): at most three levels, every stored node at most once (a node inside
 * itself is a cycle), no unknown ids, no change of a node's type, children only in menus, new pages with a valid
 * url that no page holds yet (case-insensitively, trashed pages included), static pages kept, and a top-level
 * menu removed only when it is empty. Throws a 400 HttpError with the German message of the first violation.
 */
export function planTreeSave(
  sent: readonly SentNode[],
  stored: readonly NavigationNodeRow[],
  pages: readonly PageRow[],
): TreePlan {
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const takenUrls = new Set(pages.map((page) => page.url.toLowerCase()));
  const seen = new Set<number | string>();
  const nodes: PlannedNode[] = [];

  const visit = (
    list: readonly unknown[],
    parentKey: number | string | null,
    depth: number,
    ancestors: ReadonlySet<number | string>,
  ) => {
    if (list.length > 0 && depth > NAVIGATION_LIMITS.tiefe) fail(NAVIGATION_TEXTS.zuTief);
    for (const [position, item] of list.entries()) {
      const node = item as SentNode;
      if (nodes.length >= NAVIGATION_LIMITS.knoten) fail(NAVIGATION_TEXTS.zuGross);
      if (ancestors.has(node.id)) fail(NAVIGATION_TEXTS.zyklus);
      if (seen.has(node.id)) fail(NAVIGATION_TEXTS.doppelt);
      seen.add(node.id);
      const children = node.kinder ?? [];
      if (node.type === 'eintrag' && children.length > 0) fail(NAVIGATION_TEXTS.fehlendeKinderListe);
      const planned: PlannedNode = {
        key: node.id,
        parentKey,
        position,
        titel: node.titel,
        type: node.type,
        isNew: false,
      };
      if (typeof node.id === 'number') {
        const row = storedById.get(node.id);
        if (!row) return fail(NAVIGATION_TEXTS.unbekannt);
        if (row.type !== node.type) fail(NAVIGATION_TEXTS.typGeaendert);
      } else {
        if (!TEMP_NODE_ID.test(node.id)) fail(NAVIGATION_TEXTS.unbekannt);
        planned.isNew = true;
        if (node.type === 'eintrag') planned.newPageUrl = newPageUrl(node.urlDto, takenUrls);
      }
      nodes.push(planned);
      visit(children, node.id, depth + 1, new Set(ancestors).add(node.id));
    }
  };
  visit(sent, null, 1, new Set());

  const removed = stored.filter((row) => !seen.has(row.id));
  const removedIds = new Set(removed.map((row) => row.id));
  const pagesById = new Map(pages.map((page) => [page.id, page]));
  const keptPageIds = new Set(
    stored.filter((row) => seen.has(row.id) && row.seiteId !== null).map((row) => row.seiteId),
  );
  for (const row of removed) {
    const page = row.seiteId === null ? undefined : pagesById.get(row.seiteId);
    if (page?.statisch && !keptPageIds.has(page.id)) fail(NAVIGATION_TEXTS.statischNichtLoeschbar);
    if (row.type === 'menue' && row.parentId === null) {
      const hadChildRemoved = stored.some((child) => child.parentId === row.id && removedIds.has(child.id));
      if (hadChildRemoved) fail(NAVIGATION_TEXTS.hauptmenueNichtLeer);
    }
  }
  return { nodes, removedIds: [...removedIds] };
}

/** The url of a new page entry: valid, and held by no page nor by another new entry of this save. */
function newPageUrl(urlDto: UrlDto | undefined, takenUrls: Set<string>): string {
  if (!urlDto || urlDto.urlType !== 'SEITE') return fail(NAVIGATION_TEXTS.neueSeiteOhneUrl);
  const parsed = pageUrlRule.safeParse(urlDto.ziel);
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? INHALT_TEXTS.urlZeichen);
  const url = parsed.data;
  if (takenUrls.has(url.toLowerCase())) fail(INHALT_TEXTS.urlBelegt);
  takenUrls.add(url.toLowerCase());
  return url;
}
