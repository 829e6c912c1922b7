import { asc, eq, notInArray } from 'drizzle-orm';
import { VERWALTUNG_TYPEN } from '@dihs/contract/verwaltung';
import type { Database, Transaction } from '../../db/client.ts';
import { verwaltungEintraege, type VerwaltungEintragRow } from './verwaltung.table.ts';

const LIST_TYPES = Object.values(VERWALTUNG_TYPEN);

export const entriesOfType = (db: Database | Transaction, type: string): Promise<VerwaltungEintragRow[]> =>
  db.select().from(verwaltungEintraege).where(eq(verwaltungEintraege.type, type)).orderBy(asc(verwaltungEintraege.id));

export const generalEntries = (db: Database | Transaction): Promise<VerwaltungEintragRow[]> =>
  db
    .select()
    .from(verwaltungEintraege)
    .where(notInArray(verwaltungEintraege.type, LIST_TYPES))
    .orderBy(asc(verwaltungEintraege.type), asc(verwaltungEintraege.id));

export async function insertEntry(db: Database | Transaction, type: string, value: string) {
  const [row] = await db.insert(verwaltungEintraege).values({ type, value }).returning();
  return row;
}

export async function updateEntry(db: Database | Transaction, id: number, type: string, value: string) {
  const [row] = await db
    .update(verwaltungEintraege)
    .set({ type, value })
    .where(eq(verwaltungEintraege.id, id))
    .returning();
  return row;
}

export async function deleteEntry(db: Database | Transaction, id: number): Promise<boolean> {
  const rows = await db
    .delete(verwaltungEintraege)
    .where(eq(verwaltungEintraege.id, id))
    .returning({ id: verwaltungEintraege.id });
  return rows.length > 0;
}
