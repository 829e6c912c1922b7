import { and, eq, ne, sql } from 'drizzle-orm';
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
