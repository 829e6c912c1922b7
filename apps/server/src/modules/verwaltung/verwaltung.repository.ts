import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { TYPED_SETTINGS, VERWALTUNG_TYPEN, type SettingKey, type SettingValue } from '@dihs/contract/verwaltung';
import type { Database, Transaction } from '../../db/client.ts';
import { verwaltungEintraege, type VerwaltungEintragRow } from './verwaltung.table.ts';

type Db = Database | Transaction;

const LIST_TYPES = Object.values(VERWALTUNG_TYPEN);

export const entriesOfType = (db: Db, type: string): Promise<VerwaltungEintragRow[]> =>
  db.select().from(verwaltungEintraege).where(eq(verwaltungEintraege.type, type)).orderBy(asc(verwaltungEintraege.id));

export const generalEntries = (db: Db): Promise<VerwaltungEintragRow[]> =>
  db
    .select()
    .from(verwaltungEintraege)
    .where(notInArray(verwaltungEintraege.type, LIST_TYPES))
    .orderBy(asc(verwaltungEintraege.type), asc(verwaltungEintraege.id));

/** The stored columns of an entry: a typed setting in `cents`, any other in `value`. */
export type EntryValue = { value: string; cents: null } | { value: null; cents: number };

export async function insertEntry(db: Db, type: string, stored: EntryValue) {
  const [row] = await db
    .insert(verwaltungEintraege)
    .values({ type, ...stored })
    .returning();
  return row;
}

/** A typed setting exists once: saving it as new replaces the stored value. */
export async function upsertTypedEntry(db: Db, type: SettingKey, cents: number) {
  const [row] = await db
    .insert(verwaltungEintraege)
    .values({ type, value: null, cents })
    .onConflictDoUpdate({
      target: verwaltungEintraege.type,
      targetWhere: sql`${verwaltungEintraege.cents} is not null`,
      set: { cents },
    })
    .returning();
  return row;
}

export async function updateEntry(db: Db, id: number, type: string, stored: EntryValue) {
  const [row] = await db
    .update(verwaltungEintraege)
    .set({ type, ...stored })
    .where(eq(verwaltungEintraege.id, id))
    .returning();
  return row;
}

export async function deleteEntry(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(verwaltungEintraege)
    .where(eq(verwaltungEintraege.id, id))
    .returning({ id: verwaltungEintraege.id });
  return rows.length > 0;
}

/**
 * Typed settings in one query, each validated by its contract schema; a key without a stored value is null (a card
 * price missing: that type cannot be paid by card).
 */
export async function getSettings<K extends SettingKey>(
  db: Db,
  keys: readonly K[],
): Promise<{ [P in K]: SettingValue<P> | null }> {
  const rows = await db
    .select({ type: verwaltungEintraege.type, cents: verwaltungEintraege.cents })
    .from(verwaltungEintraege)
    .where(and(inArray(verwaltungEintraege.type, [...keys]), isNotNull(verwaltungEintraege.cents)));
  const values = Object.fromEntries(keys.map((key) => [key, null])) as { [P in K]: SettingValue<P> | null };
  for (const row of rows) {
    const key = row.type as K;
    values[key] = TYPED_SETTINGS[key].parse(row.cents);
  }
  return values;
}

/** One typed setting, e.g. `getSetting(db, 'TERMINPREIS_EINZEL')`: cents, or null when not set. */
export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K> | null> {
  return (await getSettings(db, [key]))[key];
}

/** Entries in one statement (the demo world). */
export async function insertEntries(tx: Transaction, rows: (typeof verwaltungEintraege.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(verwaltungEintraege).values(rows);
}
