import { and, inArray, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.ts';
import { pages } from './inhalt.table.ts';

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

/** The stored title and text of the named pages that exist and are not in the trash, with last save and stamp. */
export const storedPageVersions = (db: Database | Transaction, urls: readonly string[]) =>
  db
    .select({
      url: pages.url,
      titel: pages.titel,
      inhalt: pages.inhalt,
      stand: pages.geaendertAm,
      stempel: stempelSql,
    })
    .from(pages)
    .where(and(inArray(pages.url, [...urls]), isNull(pages.geloeschtAm)));
