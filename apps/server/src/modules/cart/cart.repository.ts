import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { TERMINPREIS_SETTING } from '@dihs/contract/cart';
import type { Termintyp } from '@dihs/contract/termin';
import type { Database, Transaction } from '../../db/client.ts';
import { terminTeilnahmen, termine, userInfo, type TerminRow, type TerminTeilnahmeRow } from '../termin/index.ts';
import { verwaltungEintraege } from '../verwaltung/verwaltung.table.ts';
import { zahlungen } from '../zahlung/zahlung.table.ts';
import { parseEuroCents } from './cart-zahlungsart.ts';
import { warenkoerbe, type WarenkorbRow } from './cart.table.ts';

type Db = Database | Transaction;

export interface PatientRow {
  id: number;
  email: string;
  firmaId: number | null;
  vorname: string;
  nachname: string;
}

/** An account that is a patient and not deleted, with its name; undefined otherwise. */
export async function findPatient(db: Db, userId: number): Promise<PatientRow | undefined> {
  const row = await userInfo(db, userId);
  if (!row || row.role !== 'PATIENT' || row.deletedAt) return undefined;
  return {
    id: row.id,
    email: row.email,
    firmaId: row.firmaId,
    vorname: row.vorname ?? '',
    nachname: row.nachname ?? '',
  };
}

/** The appointments of a cart, locked in id order (so concurrent carts queue instead of deadlocking). */
export const lockTermineInOrder = (tx: Transaction, ids: number[]): Promise<TerminRow[]> =>
  tx.select().from(termine).where(inArray(termine.id, ids)).orderBy(asc(termine.id)).for('update');

/** Card prices per type from the settings TERMINPREIS_*; the first valid entry of a type counts. */
export async function cardPrices(db: Db): Promise<Record<Termintyp, number | null>> {
  const keys = Object.values(TERMINPREIS_SETTING);
  const rows = await db
    .select()
    .from(verwaltungEintraege)
    .where(inArray(verwaltungEintraege.type, keys))
    .orderBy(asc(verwaltungEintraege.id));
  const prices = Object.fromEntries(Object.keys(TERMINPREIS_SETTING).map((typ) => [typ, null])) as Record<
    Termintyp,
    number | null
  >;
  for (const [typ, key] of Object.entries(TERMINPREIS_SETTING) as [Termintyp, string][]) {
    for (const row of rows.filter((r) => r.type === key)) {
      prices[typ] ??= parseEuroCents(row.value);
    }
  }
  return prices;
}

export async function insertCart(
  tx: Transaction,
  values: { patientUserId: number; createdByUserId: number; createdAt: Date; expiresAt: Date },
): Promise<WarenkorbRow> {
  const [row] = await tx.insert(warenkoerbe).values(values).returning();
  return row!;
}

export const findCart = async (db: Db, cartId: number): Promise<WarenkorbRow | undefined> =>
  (await db.select().from(warenkoerbe).where(eq(warenkoerbe.id, cartId)))[0];

export async function updateCart(
  tx: Transaction,
  cartId: number,
  values: Partial<Pick<WarenkorbRow, 'status' | 'amountCents' | 'zahlungId' | 'closedAt'>>,
): Promise<WarenkorbRow> {
  const [row] = await tx.update(warenkoerbe).set(values).where(eq(warenkoerbe.id, cartId)).returning();
  return row!;
}

/**
 * Locks a cart for a change, its payment first: the payment webhook locks the payment and then the cart, so every
 * path takes them in that order and none deadlocks. With skipLocked, a cart (or payment) busy elsewhere answers
 * 'busy'. Undefined for an unknown cart.
 */
export async function lockCartAndPayment(
  tx: Transaction,
  cartId: number,
  options: { skipLocked?: boolean } = {},
): Promise<WarenkorbRow | 'busy' | undefined> {
  const lockOptions = options.skipLocked ? ({ skipLocked: true } as const) : undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const peek = await findCart(tx, cartId);
    if (!peek) return undefined;
    if (peek.zahlungId !== null) {
      const locked = await tx
        .select({ id: zahlungen.id })
        .from(zahlungen)
        .where(eq(zahlungen.id, peek.zahlungId))
        .for('update', lockOptions);
      if (locked.length === 0) return 'busy';
    }
    const [cart] = await tx.select().from(warenkoerbe).where(eq(warenkoerbe.id, cartId)).for('update', lockOptions);
    if (!cart) return 'busy';
    // a retry created a new payment in between: lock that one first
    if (cart.zahlungId === peek.zahlungId) return cart;
  }
  return 'busy';
}

/** Locks a cart whose payment the caller already holds (the payment listener). */
export const lockCart = async (tx: Transaction, cartId: number): Promise<WarenkorbRow | undefined> =>
  (await tx.select().from(warenkoerbe).where(eq(warenkoerbe.id, cartId)).for('update'))[0];

export interface CartSeat {
  seat: TerminTeilnahmeRow;
  termin: TerminRow;
}

/**
 * The seats of a cart with their appointments. A late payment may re-reserve an appointment under a new seat,
 * so per appointment only the newest seat counts; sorted by start.
 */
export async function seatsOfCart(db: Db, cartId: number): Promise<CartSeat[]> {
  const rows = await db
    .select({ seat: terminTeilnahmen, termin: termine })
    .from(terminTeilnahmen)
    .innerJoin(termine, eq(termine.id, terminTeilnahmen.terminId))
    .where(eq(terminTeilnahmen.cartId, cartId))
    .orderBy(asc(terminTeilnahmen.id));
  const newest = new Map<number, CartSeat>();
  for (const row of rows) newest.set(row.termin.id, row);
  return [...newest.values()].sort(
    (a, b) => a.termin.datum.getTime() - b.termin.datum.getTime() || a.termin.id - b.termin.id,
  );
}

/** Ids of OFFEN carts past their time, oldest first. */
export const expiredCartIds = async (db: Db, now: Date, limit: number): Promise<number[]> =>
  (
    await db
      .select({ id: warenkoerbe.id })
      .from(warenkoerbe)
      .where(and(eq(warenkoerbe.status, 'OFFEN'), lte(warenkoerbe.expiresAt, now)))
      .orderBy(asc(warenkoerbe.expiresAt))
      .limit(limit)
  ).map((r) => r.id);

/** Ids of a patient's OFFEN carts (patient deletion). */
export const openCartIdsOf = async (db: Db, patientUserId: number): Promise<number[]> =>
  (
    await db
      .select({ id: warenkoerbe.id })
      .from(warenkoerbe)
      .where(and(eq(warenkoerbe.patientUserId, patientUserId), eq(warenkoerbe.status, 'OFFEN')))
  ).map((r) => r.id);
