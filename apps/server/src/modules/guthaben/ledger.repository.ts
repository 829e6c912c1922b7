import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { preparedSql, preparedStatement } from '../../db/prepared.ts';
import { CREDIT_KINDS, type CreditKind, guthabenBuchungen, guthabenSchulden } from './guthaben.table.ts';

/** Namespace of our advisory locks (the first key of pg_advisory_xact_lock(int, int)): "gu". */
const LEDGER_LOCK_NAMESPACE = 0x6775;

export type Balance = Record<CreditKind, number>;

export const emptyBalance = (): Balance => Object.fromEntries(CREDIT_KINDS.map((kind) => [kind, 0])) as Balance;

/**
 * Serializes every ledger change of one patient until the end of the caller's transaction. An advisory lock rather
 * than `select ... for update` on the account row, which would also block every insert that references the
 * account (foreign keys take a key-share lock on it).
 */
export async function lockPatientLedger(tx: Transaction, patientUserId: number): Promise<void> {
  await ledgerLock(tx).execute({ patientUserId });
}

// the lock and the sum are in every booking: prepared once per connection (db/prepared.ts)
const ledgerLock = preparedSql(
  'guthaben_sperren',
  sql`select pg_advisory_xact_lock(${sql.raw(String(LEDGER_LOCK_NAMESPACE))}::int, ${sql.placeholder('patientUserId')}::int)`,
);
const balanceByKind = preparedStatement('guthaben_summe', (db, name) =>
  db
    .select({ kind: guthabenBuchungen.kind, total: sql<string>`coalesce(sum(${guthabenBuchungen.delta}), 0)` })
    .from(guthabenBuchungen)
    .where(eq(guthabenBuchungen.patientUserId, sql.placeholder('patientUserId')))
    .groupBy(guthabenBuchungen.kind)
    .prepare(name),
);
const insertLedgerRow = preparedStatement('guthaben_buchen', (db, name) =>
  db
    .insert(guthabenBuchungen)
    .values({
      patientUserId: sql.placeholder('patientUserId'),
      kind: sql.placeholder('kind'),
      delta: sql.placeholder('delta'),
      reason: sql.placeholder('reason'),
      reference: sql.placeholder('reference'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      authorUserId: sql.placeholder('authorUserId'),
    })
    .prepare(name),
);

/** Sum of the entries per kind. */
export async function sumBalance(db: Database | Transaction, patientUserId: number): Promise<Balance> {
  const rows = await balanceByKind(db).execute({ patientUserId });
  const balance = emptyBalance();
  for (const row of rows) balance[row.kind] = Number(row.total);
  return balance;
}

export async function anyKeyBooked(tx: Transaction, keys: string[]): Promise<boolean> {
  const rows = await tx
    .select({ id: guthabenBuchungen.id })
    .from(guthabenBuchungen)
    .where(inArray(guthabenBuchungen.idempotencyKey, keys))
    .limit(1);
  return rows.length > 0;
}

/** Whether a reversal under the key recorded a debt (a reversal that took nothing back books no entry). */
export async function anyDebtKeyBooked(tx: Transaction, key: string): Promise<boolean> {
  const rows = await tx
    .select({ id: guthabenSchulden.id })
    .from(guthabenSchulden)
    .where(eq(guthabenSchulden.idempotencyKey, key))
    .limit(1);
  return rows.length > 0;
}

export interface NewLedgerRow {
  patientUserId: number;
  kind: CreditKind;
  delta: number;
  reason: string;
  reference: string | null;
  idempotencyKey: string;
  authorUserId: number | null;
}

export async function insertLedgerRows(tx: Transaction, rows: NewLedgerRow[]): Promise<void> {
  // one row (a booking's debit) is the prepared statement; several are one built insert
  if (rows.length === 1) await insertLedgerRow(tx).execute({ ...rows[0] });
  else if (rows.length > 1) await tx.insert(guthabenBuchungen).values(rows);
}

/** Net change per kind already booked for one reference (e.g. everything a payment granted and took back). */
export async function sumByReference(tx: Transaction, patientUserId: number, reference: string): Promise<Balance> {
  const rows = await tx
    .select({ kind: guthabenBuchungen.kind, total: sql<string>`coalesce(sum(${guthabenBuchungen.delta}), 0)` })
    .from(guthabenBuchungen)
    .where(and(eq(guthabenBuchungen.patientUserId, patientUserId), eq(guthabenBuchungen.reference, reference)))
    .groupBy(guthabenBuchungen.kind);
  const balance = emptyBalance();
  for (const row of rows) balance[row.kind] = Number(row.total);
  return balance;
}

export async function insertDebts(
  tx: Transaction,
  rows: {
    patientUserId: number;
    kind: CreditKind;
    amount: number;
    reason: string;
    reference: string;
    idempotencyKey: string;
  }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(guthabenSchulden).values(rows).onConflictDoNothing();
}

/** The patient's history, newest first. */
export async function listEntries(db: Database, patientUserId: number, limit: number) {
  return db
    .select({
      id: guthabenBuchungen.id,
      kind: guthabenBuchungen.kind,
      delta: guthabenBuchungen.delta,
      reason: guthabenBuchungen.reason,
      createdAt: guthabenBuchungen.createdAt,
      byOperator: sql<boolean>`${guthabenBuchungen.authorUserId} is not null and ${guthabenBuchungen.authorUserId} <> ${guthabenBuchungen.patientUserId}`,
    })
    .from(guthabenBuchungen)
    .where(eq(guthabenBuchungen.patientUserId, patientUserId))
    .orderBy(sql`${guthabenBuchungen.createdAt} desc, ${guthabenBuchungen.id} desc`)
    .limit(limit);
}

/** Open debts per kind. */
export async function sumDebts(db: Database | Transaction, patientUserId: number): Promise<Balance> {
  const rows = await db
    .select({ kind: guthabenSchulden.kind, total: sql<string>`coalesce(sum(${guthabenSchulden.amount}), 0)` })
    .from(guthabenSchulden)
    .where(eq(guthabenSchulden.patientUserId, patientUserId))
    .groupBy(guthabenSchulden.kind);
  const balance = emptyBalance();
  for (const row of rows) balance[row.kind] = Number(row.total);
  return balance;
}
