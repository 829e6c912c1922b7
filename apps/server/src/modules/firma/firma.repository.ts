import { asc, eq, sql } from 'drizzle-orm';
import type { Firma, FirmaKurz } from '@dihs/contract/firma';
import type { Database, Transaction } from '../../db/client.ts';
import { pages } from '../inhalt/inhalt.table.ts';
import { users } from '../users/users.table.ts';
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

/** Undefined when the company does not exist; a taken name fails on the unique index (the caller maps it). */
export async function updateFirma(db: Db, id: number, values: FirmaValues): Promise<Firma | undefined> {
  const [row] = await db.update(firmen).set(values).where(eq(firmen.id, id)).returning();
  return row;
}

/**
 * Deletes a company; the foreign keys of users and pages are set null by the database. Pages that were shown
 * only to this company are deactivated first, so losing the restriction never publishes them to everyone.
 */
export async function deleteFirma(db: Database, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.update(pages).set({ aktiv: false }).where(eq(pages.firmaId, id));
    const rows = await tx.delete(firmen).where(eq(firmen.id, id)).returning({ id: firmen.id });
    return rows.length > 0;
  });
}

/** The company an account belongs to, or null. */
export async function firmaOfUser(db: Db, userId: number): Promise<FirmaKurz | null> {
  const [row] = await db
    .select(kurz)
    .from(users)
    .innerJoin(firmen, eq(firmen.id, users.firmaId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
