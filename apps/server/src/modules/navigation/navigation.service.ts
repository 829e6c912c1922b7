import type { SessionClaims } from '@dihs/contract/auth';
import { INHALT_TEXTS } from '@dihs/contract/inhalt';
import {
  NAVIGATION_TEXTS,
  type NavigationEdit,
  type NavigationNode,
  type PageToDelete,
  type TrashBody,
  type TrashEntry,
} from '@dihs/contract/navigation';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  deletablePages,
  deletePages,
  deleteTrashedPages,
  findTrashedPageForUpdate,
  insertPage,
  listAllPages,
  listPages,
  listTrash,
  pagesOutOfMenu,
  trashPages,
  untrashPage,
} from '../inhalt/index.ts';
import { viewerOf } from '../users/index.ts';
import { planTreeSave, type SentNode } from './navigation-save.ts';
import { editorNavigationTree, visibleNavigationTree } from './navigation-tree.ts';
import {
  bumpVersion,
  claimVersion,
  currentVersion,
  deleteNodes,
  insertNode,
  listNavigationNodes,
  menuPageIds,
  moveNode,
  nextTopLevelPosition,
} from './navigation.repository.ts';

/** The menu tree as the session's viewer may see it. */
export async function navigationFor(db: Database, session: SessionClaims | null): Promise<NavigationNode[]> {
  const [rows, pages, viewer] = await Promise.all([listNavigationNodes(db), listPages(db), viewerOf(db, session)]);
  return visibleNavigationTree(rows, pages, viewer);
}

/** The whole tree for the editor, with its version and the urls already held by pages. */
export async function navigationForEditor(db: Database): Promise<NavigationEdit> {
  // one transaction, so the version belongs to exactly this tree
  return db.transaction(async (tx) => {
    const version = await currentVersion(tx);
    const [rows, pages] = await Promise.all([listNavigationNodes(tx), listAllPages(tx)]);
    return { version, baum: editorNavigationTree(rows, pages), belegteUrls: pages.map((p) => p.url) };
  });
}

/**
 * Replaces the tree with the one the editor sends, in one transaction: new nodes (temporary ids) are created, new
 * entries with a new page each; moved and renamed nodes are updated; removed nodes deleted. A save from an
 * outdated version is refused with 409. Answers the pages that are in no menu entry any more (not static, not in
 * the trash), for the editor to put into the trash or delete for good.
 */
export async function saveNavigation(
  db: Database,
  body: { version: number; baum: readonly SentNode[] },
): Promise<PageToDelete[]> {
  try {
    return await db.transaction(async (tx) => {
      const claimed = await claimVersion(tx, body.version);
      if (claimed === undefined) throw new HttpError(409, NAVIGATION_TEXTS.konflikt);
      const [stored, pages] = await Promise.all([listNavigationNodes(tx), listAllPages(tx)]);
      const plan = planTreeSave(body.baum, stored, pages);
      const idOf = new Map<number | string, number>();
      for (const node of plan.nodes) {
        const parentId = node.parentKey === null ? null : (idOf.get(node.parentKey) ?? null);
        if (!node.isNew) {
          idOf.set(node.key, node.key as number);
          await moveNode(tx, node.key as number, { parentId, position: node.position, titel: node.titel });
          continue;
        }
        const base = { parentId, position: node.position, titel: node.titel, type: node.type };
        const id =
          node.newPageUrl === undefined
            ? await insertNode(tx, base)
            : await insertNode(tx, {
                ...base,
                urlType: 'SEITE',
                seiteId: await insertPage(tx, { url: node.newPageUrl, titel: node.titel }),
              });
        idOf.set(node.key, id);
      }
      // after the moves: a removed menu's children that stay have a new parent already, so no cascade hits them
      await deleteNodes(tx, plan.removedIds);
      return pagesOutOfMenu(tx, await menuPageIds(tx));
    });
  } catch (error) {
    // a page created in parallel took the url between the check and the insert
    if (isUniqueViolation(error)) throw HttpError.badRequest(INHALT_TEXTS.urlBelegt);
    throw error;
  }
}

/** Puts pages that are out of the menu into the trash, or (final) deletes them for good. */
export async function disposePages(db: Database, { ids, final }: TrashBody): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const deletable = await deletablePages(tx, unique, await menuPageIds(tx));
    if (deletable.length !== unique.length) throw HttpError.badRequest(NAVIGATION_TEXTS.seiteNichtLoeschbar);
    if (final) await deletePages(tx, unique);
    else await trashPages(tx, unique);
  });
}

export async function trashList(db: Database): Promise<TrashEntry[]> {
  const rows = await listTrash(db);
  return rows.map((row) => ({ ...row, geloeschtAm: (row.geloeschtAm ?? new Date()).toISOString() }));
}

/**
 * Takes a page out of the trash and gives it a menu entry at the end of the top level again (the editor can move
 * it from there); without one, the next save would offer it for deletion at once.
 */
export async function restorePage(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const page = await findTrashedPageForUpdate(tx, id);
    if (!page) throw HttpError.notFound(NAVIGATION_TEXTS.seiteNichtImPapierkorb);
    await untrashPage(tx, id);
    await insertNode(tx, {
      parentId: null,
      position: await nextTopLevelPosition(tx),
      titel: page.titel,
      type: 'eintrag',
      urlType: 'SEITE',
      seiteId: page.id,
    });
    await bumpVersion(tx);
  });
}

/** GET /navigation/emptytrash: deletes every trashed page for good. */
export async function emptyTrash(db: Database): Promise<{ geloescht: number }> {
  return { geloescht: await deleteTrashedPages(db) };
}
