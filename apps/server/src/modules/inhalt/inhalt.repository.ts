import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pages, type PageRow } from './inhalt.table.ts';

/** A page by url, compared case-insensitively like the unique index. */
export const findPageByUrl = async (db: Database, url: string): Promise<PageRow | undefined> =>
  (
    await db
      .select()
      .from(pages)
      .where(sql`lower(${pages.url}) = lower(${url})`)
      .limit(1)
  )[0];

export const listPages = (db: Database): Promise<PageRow[]> => db.select().from(pages);
