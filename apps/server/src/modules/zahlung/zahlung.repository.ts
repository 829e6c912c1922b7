import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { columnsWithout, exportKey } from '../../lib/patient-export.ts';
import {
  type PaymentProviderName,
  type PaymentPurpose,
  type PaymentStatus,
  zahlungEvents,
  zahlungen,
  type ZahlungRow,
} from './zahlung.table.ts';

export async function insertPayment(
  tx: Transaction,
  values: {
    userId: number;
    purpose: PaymentPurpose;
    referenceId: number;
    amountCents: number;
    description: string;
    checkoutToken: string;
    returnPath: string;
  },
): Promise<ZahlungRow> {
  const [row] = await tx.insert(zahlungen).values(values).returning();
  return row!;
}

export async function findPayment(db: Database | Transaction, id: number): Promise<ZahlungRow | undefined> {
  const [row] = await db.select().from(zahlungen).where(eq(zahlungen.id, id));
  return row;
}

export async function findPaymentByToken(db: Database | Transaction, token: string): Promise<ZahlungRow | undefined> {
  const [row] = await db.select().from(zahlungen).where(eq(zahlungen.checkoutToken, token));
  return row;
}

export async function findPaymentByTransactionId(
  db: Database | Transaction,
  provider: PaymentProviderName,
  transactionId: string,
): Promise<ZahlungRow | undefined> {
  const [row] = await db
    .select()
    .from(zahlungen)
    .where(and(eq(zahlungen.provider, provider), eq(zahlungen.transactionId, transactionId)));
  return row;
}

/** Locks the payment row until the transaction ends: status changes of one payment are serialized. */
export async function lockPayment(tx: Transaction, id: number): Promise<ZahlungRow | undefined> {
  const [row] = await tx.select().from(zahlungen).where(eq(zahlungen.id, id)).for('update');
  return row;
}

/**
 * Locks one payment row for a purpose's change of its own record (the cart's lockCartAndPayment): the payment comes
 * first, as in the webhook, so the two never wait for each other crosswise. With skipLocked a payment held elsewhere
 * answers false at once (the cart timeout job leaves it to its next pass) instead of waiting. False also when the
 * payment does not exist.
 */
export async function lockPaymentBeforeOwnRecord(
  tx: Transaction,
  id: number,
  options: { skipLocked?: boolean } = {},
): Promise<boolean> {
  const locked = await tx
    .select({ id: zahlungen.id })
    .from(zahlungen)
    .where(eq(zahlungen.id, id))
    .for('update', options.skipLocked ? { skipLocked: true } : undefined);
  return locked.length > 0;
}

/** Locks several payments in ascending id order (one order everywhere, so two such calls never deadlock). */
export async function lockPayments(tx: Transaction, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: zahlungen.id })
    .from(zahlungen)
    .where(inArray(zahlungen.id, [...new Set(ids)]))
    .orderBy(asc(zahlungen.id))
    .for('update');
}

export async function updatePaymentStatus(
  tx: Transaction,
  id: number,
  status: PaymentStatus,
  transactionId: string | null,
): Promise<ZahlungRow> {
  const [row] = await tx
    .update(zahlungen)
    .set({
      status,
      transactionId: transactionId ? transactionId : sql`${zahlungen.transactionId}`,
      updatedAt: new Date(),
    })
    .where(eq(zahlungen.id, id))
    .returning();
  return row!;
}

/** Records which provider checkout belongs to the payment; kept once set. */
export async function setProvider(
  tx: Transaction | Database,
  id: number,
  provider: PaymentProviderName,
  providerRef: string | null,
): Promise<void> {
  await tx
    .update(zahlungen)
    .set({ provider, providerRef: providerRef ?? sql`${zahlungen.providerRef}`, updatedAt: new Date() })
    .where(eq(zahlungen.id, id));
}

/** Inserts the event once; answers false when the provider's event id was processed before. */
export async function recordEvent(
  tx: Transaction,
  values: { provider: PaymentProviderName; providerEventId: string; zahlungId: number | null; type: string },
): Promise<boolean> {
  const rows = await tx.insert(zahlungEvents).values(values).onConflictDoNothing().returning({ id: zahlungEvents.id });
  return rows.length > 0;
}

export async function mostRecentPayment(db: Database, userId: number): Promise<ZahlungRow | undefined> {
  const [row] = await db
    .select()
    .from(zahlungen)
    .where(eq(zahlungen.userId, userId))
    .orderBy(desc(zahlungen.createdAt), desc(zahlungen.id))
    .limit(1);
  return row;
}

export async function latestPaymentFor(
  db: Database | Transaction,
  purpose: PaymentPurpose,
  referenceId: number,
): Promise<ZahlungRow | undefined> {
  const [row] = await db
    .select()
    .from(zahlungen)
    .where(and(eq(zahlungen.purpose, purpose), eq(zahlungen.referenceId, referenceId)))
    .orderBy(desc(zahlungen.id))
    .limit(1);
  return row;
}

/**
 * Self-service export: the patient's card payments and the provider events received for them. The checkout token
 * is left out: it is the capability that opens the payment page without a login.
 */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const payments = await db
    .select(columnsWithout(zahlungen, 'checkoutToken'))
    .from(zahlungen)
    .where(eq(zahlungen.userId, userId))
    .orderBy(asc(zahlungen.id));
  const ids = payments.map((payment) => payment.id);
  const events = ids.length
    ? await db.select().from(zahlungEvents).where(inArray(zahlungEvents.zahlungId, ids)).orderBy(asc(zahlungEvents.id))
    : [];
  return { [exportKey(zahlungen)]: payments, [exportKey(zahlungEvents)]: events };
}
