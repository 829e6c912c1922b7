import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { pages, type PageRow } from './inhalt.table.ts';

/** A page by url, compared case-insensitively like the unique index. */
export const findPageByUrl = async (db: Database | Transaction, url: string): Promise<PageRow | undefined> =>
  (
    await db
      .select()
      .from(pages)
      .where(sql`lower(${pages.url}) = lower(${url})`)
      .limit(1)
  )[0];

/** The same, locked for an update in the caller's transaction. */
export const findPageByUrlForUpdate = async (tx: Transaction, url: string): Promise<PageRow | undefined> =>
  (
    await tx
      .select()
      .from(pages)
      .where(sql`lower(${pages.url}) = lower(${url})`)
      .limit(1)
      .for('update')
  )[0];

export const listPages = (db: Database): Promise<PageRow[]> => db.select().from(pages);

/** Whether another page (trashed ones included) holds the url, compared case-insensitively. */
export async function urlTakenByOther(db: Database | Transaction, url: string, exceptId: number): Promise<boolean> {
  const rows = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(sql`lower(${pages.url}) = lower(${url})`, ne(pages.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

export type PageChanges = Partial<
  Pick<
    PageRow,
    'titel' | 'bild' | 'inhalt' | 'url' | 'aktiv' | 'oeffentlich' | 'firmaId' | 'berechtigte' | 'berechtigteRollen'
  >
>;

export async function updatePage(tx: Transaction, id: number, changes: PageChanges): Promise<PageRow | undefined> {
  const [row] = await tx
    .update(pages)
    .set({ ...changes, geaendertAm: new Date() })
    .where(eq(pages.id, id))
    .returning();
  return row;
}

type Db = Database | Transaction;

/** Every page, trashed ones included (the navigation editor). */
export const listAllPages = (db: Db): Promise<PageRow[]> => db.select().from(pages);

/** Creates a page with url and title (a new menu entry's page); answers its id. */
export async function insertPage(tx: Transaction, values: { url: string; titel: string }): Promise<number> {
  const [row] = await tx.insert(pages).values(values).returning({ id: pages.id });
  if (!row) throw new Error('Seite wurde nicht angelegt');
  return row.id;
}

/** Pages as given, in one statement (the demo world); answers their ids and urls. */
export const insertPages = (
  tx: Transaction,
  rows: (typeof pages.$inferInsert)[],
): Promise<{ id: number; url: string }[]> => tx.insert(pages).values(rows).returning({ id: pages.id, url: pages.url });

/** Pages that are not static, not in the trash and not among `menuPageIds`: what a menu save offers to delete. */
export const pagesOutOfMenu = (db: Db, menuPageIds: readonly number[]) =>
  db
    .select({ id: pages.id, titel: pages.titel, url: pages.url })
    .from(pages)
    .where(
      and(
        eq(pages.statisch, false),
        isNull(pages.geloeschtAm),
        menuPageIds.length > 0 ? notInArray(pages.id, [...menuPageIds]) : undefined,
      ),
    )
    .orderBy(asc(pages.titel), asc(pages.id));

/** Of the given ids, the pages that may be trashed or deleted (not static, not in `menuPageIds`), locked. */
export const deletablePages = (tx: Transaction, ids: number[], menuPageIds: readonly number[]) =>
  tx
    .select({ id: pages.id, geloeschtAm: pages.geloeschtAm })
    .from(pages)
    .where(
      and(
        inArray(pages.id, ids),
        eq(pages.statisch, false),
        menuPageIds.length > 0 ? notInArray(pages.id, [...menuPageIds]) : undefined,
      ),
    )
    .for('update');

/** Moves the pages into the trash (those not there yet). */
export async function trashPages(tx: Transaction, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(pages)
    .set({ geloeschtAm: new Date() })
    .where(and(inArray(pages.id, ids), isNull(pages.geloeschtAm)));
}

/** Deletes the pages for good. */
export async function deletePages(tx: Transaction, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.delete(pages).where(inArray(pages.id, ids));
}

/** The trashed pages, most recently trashed first. */
export const listTrash = (db: Db) =>
  db
    .select({ id: pages.id, titel: pages.titel, url: pages.url, geloeschtAm: pages.geloeschtAm })
    .from(pages)
    .where(isNotNull(pages.geloeschtAm))
    .orderBy(desc(pages.geloeschtAm), desc(pages.id));

/** A trashed page, locked for its restore. */
export async function findTrashedPageForUpdate(tx: Transaction, id: number) {
  const [row] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.id, id), isNotNull(pages.geloeschtAm)))
    .for('update');
  return row;
}

/** Takes the page out of the trash. */
export async function untrashPage(tx: Transaction, id: number): Promise<void> {
  await tx.update(pages).set({ geloeschtAm: null }).where(eq(pages.id, id));
}

/** Deletes every trashed page for good; answers how many. */
export async function deleteTrashedPages(db: Db): Promise<number> {
  const rows = await db.delete(pages).where(isNotNull(pages.geloeschtAm)).returning({ id: pages.id });
  return rows.length;
}

/** Deactivates the pages shown only to the company (before the company is deleted, which clears their firma). */
export async function deactivateFirmaPages(tx: Transaction, firmaId: number): Promise<void> {
  await tx.update(pages).set({ aktiv: false }).where(eq(pages.firmaId, firmaId));
}
