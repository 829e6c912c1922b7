import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { lockPaymentBeforeOwnRecord } from '../zahlung/index.ts';
import { warenkoerbe, type WarenkorbRow } from './cart.table.ts';

type Db = Database | Transaction;

/**
 * Inserts an OFFEN cart; undefined instead when the patient's own open cart exists (the index warenkorb_ein_offener
 * refuses a second one), so the insert is the check and a booking needs no read before it.
 */
export async function insertCartUnlessOpen(
  tx: Transaction,
  values: { patientUserId: number; createdByUserId: number; createdAt: Date; expiresAt: Date },
): Promise<WarenkorbRow | undefined> {
  const [row] = await insertOpenCart(tx).execute(values);
  return row;
}

// the statements of every booking, prepared once per connection (db/prepared.ts)
const insertOpenCart = preparedStatement('warenkorb_anlegen', (db, name) =>
  db
    .insert(warenkoerbe)
    .values({
      patientUserId: sql.placeholder('patientUserId'),
      createdByUserId: sql.placeholder('createdByUserId'),
      createdAt: sql.placeholder('createdAt'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .onConflictDoNothing()
    .returning()
    .prepare(name),
);
/** Locks a cart that has no payment; with skipLocked a cart busy elsewhere is passed over (the cart job). */
const unpaidCartLock = (skipLocked: boolean) => (db: Database, name: string) =>
  db
    .select()
    .from(warenkoerbe)
    .where(and(eq(warenkoerbe.id, sql.placeholder('cartId')), isNull(warenkoerbe.zahlungId)))
    .for('update', skipLocked ? { skipLocked } : undefined)
    .prepare(name);
const lockUnpaidCart = preparedStatement('warenkorb_ohne_zahlung_sperren', unpaidCartLock(false));
const lockUnpaidCartUnlessBusy = preparedStatement('warenkorb_ohne_zahlung_sperren_falls_frei', unpaidCartLock(true));
const closeCartRow = preparedStatement('warenkorb_schliessen', (db, name) =>
  db
    .update(warenkoerbe)
    .set({ status: sql`${sql.placeholder('status')}`, closedAt: sql`${sql.placeholder('closedAt')}` })
    .where(eq(warenkoerbe.id, sql.placeholder('cartId')))
    .returning()
    .prepare(name),
);

export const findCart = async (db: Db, cartId: number): Promise<WarenkorbRow | undefined> =>
  (await db.select().from(warenkoerbe).where(eq(warenkoerbe.id, cartId)))[0];

/** Closes a cart (every booking, cancellation and expiry): one prepared statement. */
export async function setCartClosed(
  tx: Transaction,
  cartId: number,
  status: WarenkorbRow['status'],
  closedAt: Date,
): Promise<WarenkorbRow> {
  const [row] = await closeCartRow(tx).execute({ cartId, status, closedAt });
  return row!;
}

/** Sets a cart's amount or payment (card payments only, so built per call). */
export async function updateCart(
  tx: Transaction,
  cartId: number,
  values: Partial<Pick<WarenkorbRow, 'amountCents' | 'zahlungId'>>,
): Promise<WarenkorbRow> {
  const [row] = await tx.update(warenkoerbe).set(values).where(eq(warenkoerbe.id, cartId)).returning();
  return row!;
}

/**
 * Locks a cart for a change, its payment first: the payment webhook locks the payment and then the cart, so every
 * path takes them in that order and none deadlocks. A cart without payment is locked at once (a payment is only
 * added to a cart under its lock, so none can appear meanwhile). With skipLocked, a cart (or payment) busy elsewhere answers
 * 'busy'. Undefined for an unknown cart.
 */
export async function lockCartAndPayment(
  tx: Transaction,
  cartId: number,
  options: { skipLocked?: boolean } = {},
): Promise<WarenkorbRow | 'busy' | undefined> {
  const lockOptions = options.skipLocked ? ({ skipLocked: true } as const) : undefined;
  // a cart without payment (credit only, the common case) has no payment to lock first: one statement
  const [unpaid] = await (options.skipLocked ? lockUnpaidCartUnlessBusy : lockUnpaidCart)(tx).execute({ cartId });
  if (unpaid) return unpaid;
  for (let attempt = 0; attempt < 3; attempt++) {
    const peek = await findCart(tx, cartId);
    if (!peek) return undefined;
    if (peek.zahlungId !== null && !(await lockPaymentBeforeOwnRecord(tx, peek.zahlungId, options))) return 'busy';
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

/** The patient's own OFFEN cart (at most one: the index warenkorb_ein_offener), expired or not. */
export const findOpenOwnCart = async (db: Db, patientUserId: number): Promise<WarenkorbRow | undefined> =>
  (
    await db
      .select()
      .from(warenkoerbe)
      .where(
        and(
          eq(warenkoerbe.patientUserId, patientUserId),
          eq(warenkoerbe.createdByUserId, patientUserId),
          eq(warenkoerbe.status, 'OFFEN'),
        ),
      )
  )[0];

/** Ids of a patient's OFFEN carts (patient deletion). */
export const openCartIdsOf = async (db: Db, patientUserId: number): Promise<number[]> =>
  (
    await db
      .select({ id: warenkoerbe.id })
      .from(warenkoerbe)
      .where(and(eq(warenkoerbe.patientUserId, patientUserId), eq(warenkoerbe.status, 'OFFEN')))
  ).map((r) => r.id);

/** Self-service export: the patient's booking carts (the booked seats are in termin_teilnahme). */
export async function exportPatient(db: Db, userId: number): Promise<Record<string, unknown[]>> {
  const rows = await db
    .select()
    .from(warenkoerbe)
    .where(eq(warenkoerbe.patientUserId, userId))
    .orderBy(asc(warenkoerbe.id));
  return { [exportKey(warenkoerbe)]: rows };
}
