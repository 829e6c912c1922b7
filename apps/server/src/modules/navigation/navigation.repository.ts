import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { pages, type PageRow } from '../inhalt/index.ts';
import { navigationNodes, navigationVersion, type NavigationNodeRow } from './navigation.table.ts';

type Db = Database | Transaction;

/** Every node, in sibling order. */
export const listNavigationNodes = (db: Db): Promise<NavigationNodeRow[]> =>
  db.select().from(navigationNodes).orderBy(asc(navigationNodes.position), asc(navigationNodes.id));

export const listAllPages = (db: Db): Promise<PageRow[]> => db.select().from(pages);

/** The tree's version; 0 before the first change. */
export async function currentVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: navigationVersion.version }).from(navigationVersion);
  return row?.version ?? 0;
}

/**
 * Raises the version only if it still is `expected`, and locks the row until the transaction ends: a second save
 * waits here and then finds the version changed. Answers the new version, or undefined for a conflict.
 */
export async function claimVersion(tx: Transaction, expected: number): Promise<number | undefined> {
  await tx.insert(navigationVersion).values({ id: 1, version: 0 }).onConflictDoNothing();
  const [row] = await tx
    .update(navigationVersion)
    .set({ version: sql`${navigationVersion.version} + 1` })
    .where(and(eq(navigationVersion.id, 1), eq(navigationVersion.version, expected)))
    .returning({ version: navigationVersion.version });
  return row?.version;
}

/** Raises the version unconditionally (a change outside the editor's save, like a restore). */
export async function bumpVersion(tx: Transaction): Promise<void> {
  await tx
    .insert(navigationVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: navigationVersion.id, set: { version: sql`${navigationVersion.version} + 1` } });
}

export async function insertPage(tx: Transaction, values: { url: string; titel: string }): Promise<number> {
  const [row] = await tx.insert(pages).values(values).returning({ id: pages.id });
  if (!row) throw new Error('Seite wurde nicht angelegt');
  return row.id;
}

export async function insertNode(tx: Transaction, values: typeof navigationNodes.$inferInsert): Promise<number> {
  const [row] = await tx.insert(navigationNodes).values(values).returning({ id: navigationNodes.id });
  if (!row) throw new Error('Menüeintrag wurde nicht angelegt');
  return row.id;
}

export async function moveNode(
  tx: Transaction,
  id: number,
  values: { parentId: number | null; position: number; titel: string },
): Promise<void> {
  await tx.update(navigationNodes).set(values).where(eq(navigationNodes.id, id));
}

export async function deleteNodes(tx: Transaction, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.delete(navigationNodes).where(inArray(navigationNodes.id, ids));
}

/** No menu entry points at the page. */
const notInMenu = sql`not exists (select 1 from ${navigationNodes} where ${navigationNodes.seiteId} = ${pages.id})`;

/** Pages that are not static, not in the trash and in no menu entry: what a save offers to delete. */
export const pagesOutOfMenu = (db: Db) =>
  db
    .select({ id: pages.id, titel: pages.titel, url: pages.url })
    .from(pages)
    .where(and(eq(pages.statisch, false), isNull(pages.geloeschtAm), notInMenu))
    .orderBy(asc(pages.titel), asc(pages.id));

/** Of the given ids, the pages that may be trashed or deleted: not static and in no menu entry. */
export const deletablePages = (tx: Transaction, ids: number[]) =>
  tx
    .select({ id: pages.id, geloeschtAm: pages.geloeschtAm })
    .from(pages)
    .where(and(inArray(pages.id, ids), eq(pages.statisch, false), notInMenu))
    .for('update');

export async function trashPages(tx: Transaction, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(pages)
    .set({ geloeschtAm: new Date() })
    .where(and(inArray(pages.id, ids), isNull(pages.geloeschtAm)));
}

export async function deletePages(tx: Transaction, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.delete(pages).where(inArray(pages.id, ids));
}

export const listTrash = (db: Db) =>
  db
    .select({ id: pages.id, titel: pages.titel, url: pages.url, geloeschtAm: pages.geloeschtAm })
    .from(pages)
    .where(isNotNull(pages.geloeschtAm))
    .orderBy(desc(pages.geloeschtAm), desc(pages.id));

export async function findTrashedPageForUpdate(tx: Transaction, id: number) {
  const [row] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.id, id), isNotNull(pages.geloeschtAm)))
    .for('update');
  return row;
}

export async function untrashPage(tx: Transaction, id: number): Promise<void> {
  await tx.update(pages).set({ geloeschtAm: null }).where(eq(pages.id, id));
}

/** The position after the last top-level node. */
export async function nextTopLevelPosition(tx: Transaction): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${navigationNodes.position})` })
    .from(navigationNodes)
    .where(isNull(navigationNodes.parentId));
  return (row?.max ?? -1) + 1;
}

/** Deletes every trashed page for good; answers how many. */
export async function deleteTrashedPages(db: Db): Promise<number> {
  const rows = await db.delete(pages).where(isNotNull(pages.geloeschtAm)).returning({ id: pages.id });
  return rows.length;
}
