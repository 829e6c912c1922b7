import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { navigationNodes, navigationVersion, type NavigationNodeRow } from './navigation.table.ts';

type Db = Database | Transaction;

/** Every node, in sibling order. */
export const listNavigationNodes = (db: Db): Promise<NavigationNodeRow[]> =>
  db.select().from(navigationNodes).orderBy(asc(navigationNodes.position), asc(navigationNodes.id));

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

/** The position after the last top-level node. */
export async function nextTopLevelPosition(tx: Transaction): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${navigationNodes.position})` })
    .from(navigationNodes)
    .where(isNull(navigationNodes.parentId));
  return (row?.max ?? -1) + 1;
}

/** The ids of the pages that a menu entry points at. */
export async function menuPageIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ seiteId: navigationNodes.seiteId })
    .from(navigationNodes)
    .where(isNotNull(navigationNodes.seiteId));
  return rows.flatMap((row) => (row.seiteId === null ? [] : [row.seiteId]));
}
