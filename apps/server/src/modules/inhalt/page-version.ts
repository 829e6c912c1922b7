import { createHash } from 'node:crypto';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { pages } from './inhalt.table.ts';

/** One page's text as it reads now, with a fingerprint that changes with every change of title or text. */
export interface PageVersion {
  url: string;
  titel: string;
  /** The HTML as readers get it. */
  inhalt: string;
  /** SHA-256 of title and text: a save that changes nothing keeps it, so nobody is asked again for nothing. */
  fassung: string;
  /** The page's last save: when this text was published. */
  stand: Date;
  /**
   * MD5 of the stored (unsanitized) title and text, computed by the database: equal stamps mean equal stored text,
   * so a caller may keep a version it built and compare stamps instead of reading and sanitizing the text again.
   */
  stempel: string;
}

/** The database's MD5 of a page's stored title and text (the `stempel` of PageVersion); the title's length first. */
const stempelSql = sql<string>`md5(length(${pages.titel}) || ':' || ${pages.titel} || ${pages.inhalt})`;

/**
 * The stamps of the named pages that exist and are not in the trash, as a subquery (url, stempel, stand) that a
 * caller joins into its own statement: one round trip tells it whether the versions it holds are still current.
 */
export const pageStamps = (urls: readonly string[]) =>
  new QueryBuilder()
    .select({ url: pages.url, stempel: stempelSql.as('stempel'), stand: pages.geaendertAm })
    .from(pages)
    .where(and(inArray(pages.url, [...urls]), isNull(pages.geloeschtAm)))
    .as('seiten_stempel');

const fingerprint = (titel: string, inhalt: string): string =>
  createHash('sha256').update(titel).update('\u0000').update(inhalt).digest('hex');

/**
 * The current versions of the named pages that exist and are not in the trash (consent records, docs/decisions.md).
 * Pages carry no history of their own; the consent module keeps the versions it was given consent to.
 */
export async function pageVersions(db: Database | Transaction, urls: readonly string[]): Promise<PageVersion[]> {
  const rows = await db
    .select({
      url: pages.url,
      titel: pages.titel,
      inhalt: pages.inhalt,
      stand: pages.geaendertAm,
      stempel: stempelSql,
    })
    .from(pages)
    .where(and(inArray(pages.url, [...urls]), isNull(pages.geloeschtAm)));
  return rows.map((row) => {
    // the text as readers get it (sanitized on every read): a seeded page and its unchanged save are one version
    const inhalt = sanitizeRichText(row.inhalt);
    return { ...row, inhalt, fassung: fingerprint(row.titel, inhalt) };
  });
}
