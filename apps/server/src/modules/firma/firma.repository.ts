import { asc, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Firma, FirmaKurz } from '@dihs/contract/firma';
import type { Database, Transaction } from '../../db/client.ts';
import { firmen } from './firma.table.ts';

type Db = Database | Transaction;
type FirmaValues = Omit<Firma, 'id'>;

const kurz = { id: firmen.id, bezeichner: firmen.bezeichner };
const byName = asc(sql`lower(${firmen.bezeichner})`);

export const listFirmen = (db: Db): Promise<Firma[]> => db.select().from(firmen).orderBy(byName);

export const listFirmenKurz = (db: Db): Promise<FirmaKurz[]> => db.select(kurz).from(firmen).orderBy(byName);

export const findFirma = async (db: Db, id: number): Promise<Firma | undefined> =>
  (await db.select().from(firmen).where(eq(firmen.id, id)).limit(1))[0];

/** Null when the name is taken (the case-insensitive unique index decides, also between parallel requests). */
export async function insertFirma(db: Db, values: FirmaValues): Promise<Firma | null> {
  const [row] = await db.insert(firmen).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** A company with the table's defaults for what is not given (the demo world); answers its id. */
export async function insertFirmaRow(tx: Transaction, values: typeof firmen.$inferInsert): Promise<number | undefined> {
  const [row] = await tx.insert(firmen).values(values).returning({ id: firmen.id });
  return row?.id;
}

/** Undefined when the company does not exist; a taken name fails on the unique index (the caller maps it). */
export async function updateFirma(db: Db, id: number, values: FirmaValues): Promise<Firma | undefined> {
  const [row] = await db.update(firmen).set(values).where(eq(firmen.id, id)).returning();
  return row;
}

/** Deletes a company; the foreign keys of users and pages are set null by the database. */
export async function deleteFirma(tx: Transaction, id: number): Promise<boolean> {
  const rows = await tx.delete(firmen).where(eq(firmen.id, id)).returning({ id: firmen.id });
  return rows.length > 0;
}

/** The id of the company with that exact name, if any (demo seeds). */
export const findFirmaIdByName = async (db: Db, bezeichner: string): Promise<number | undefined> =>
  (await db.select({ id: firmen.id }).from(firmen).where(eq(firmen.bezeichner, bezeichner)).limit(1))[0]?.id;

/** Id and name of every company as a subquery, for lists that show an account's company in their one query. */
export const firmaNames = <Alias extends string>(alias: Alias) =>
  new QueryBuilder().select({ id: firmen.id, bezeichner: firmen.bezeichner }).from(firmen).as(alias);
