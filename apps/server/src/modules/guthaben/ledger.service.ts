import { CREDIT_KINDS, type CreditKind } from '@dihs/contract/guthaben';
import type { Database, Transaction } from '../../db/client.ts';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { HttpError } from '../../lib/http-error.ts';
import {
  type Balance,
  anyDebtKeyBooked,
  anyKeyBooked,
  emptyBalance,
  insertDebts,
  insertLedgerRows,
  lockPatientLedger,
  sumBalance,
  sumByReference,
} from './ledger.repository.ts';

export type { Balance };

export interface LedgerEntryInput {
  patientUserId: number;
  kind: CreditKind;
  /** Positive grants, negative spends; never 0. */
  delta: number;
  /** German, shown in the patient's history. */
  reason: string;
  reference?: string | null;
  /** The same key books once: a repeated call answers false and changes nothing. */
  idempotencyKey: string;
  authorUserId?: number | null;
}

/** Thrown when an entry would take a balance below zero; `kind` names the balance. */
export class InsufficientCreditError extends HttpError {
  constructor(
    readonly kind: CreditKind,
    readonly available: number,
  ) {
    super(409, `Guthaben reicht nicht aus: ${kind} (verfügbar: ${available}).`, ERROR_CODES.validation);
    this.name = 'InsufficientCreditError';
  }
}

function validate(entries: LedgerEntryInput[]): void {
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.delta) || entry.delta === 0) {
      throw HttpError.badRequest('Eine Guthabenänderung muss eine ganze Zahl ungleich 0 sein.');
    }
    if (!CREDIT_KINDS.includes(entry.kind)) throw HttpError.badRequest('Unbekannte Guthabenart.');
    if (!entry.idempotencyKey) throw HttpError.badRequest('Eine Guthabenänderung braucht einen Schlüssel.');
  }
}

/** Throws InsufficientCreditError when the patient's entries would take a kind of `balance` below zero. */
function assertCovered(balance: Balance, patientUserId: number, entries: LedgerEntryInput[]): void {
  const after = { ...balance };
  const own = entries.filter((e) => e.patientUserId === patientUserId);
  for (const entry of own) after[entry.kind] += entry.delta;
  for (const kind of CREDIT_KINDS) {
    if (after[kind] < 0) {
      const delta = own.filter((e) => e.kind === kind).reduce((sum, e) => sum + e.delta, 0);
      throw new InsufficientCreditError(kind, after[kind] - delta);
    }
  }
}

const insertEntries = (tx: Transaction, entries: LedgerEntryInput[]) =>
  insertLedgerRows(
    tx,
    entries.map((entry) => ({
      patientUserId: entry.patientUserId,
      kind: entry.kind,
      delta: entry.delta,
      reason: entry.reason,
      reference: entry.reference ?? null,
      idempotencyKey: entry.idempotencyKey,
      authorUserId: entry.authorUserId ?? null,
    })),
  );

/**
 * Books ledger entries inside the caller's transaction. Serialized per patient (advisory lock until the caller
 * commits), so concurrent spends of the last credit cannot both succeed. Answers false, changing nothing, when one of
 * the idempotency keys was already booked; throws InsufficientCreditError (409) when a balance would go negative.
 */
export async function addLedgerEntries(tx: Transaction, entries: LedgerEntryInput[]): Promise<boolean> {
  if (entries.length === 0) return true;
  validate(entries);
  const patients = [...new Set(entries.map((entry) => entry.patientUserId))].sort((a, b) => a - b);
  // Ascending order: two transactions touching the same patients cannot deadlock.
  for (const patient of patients) await lockPatientLedger(tx, patient);
  if (await anyKeyBooked(tx, [...new Set(entries.map((entry) => entry.idempotencyKey))])) return false;
  for (const patient of patients) assertCovered(await sumBalance(tx, patient), patient, entries);
  await insertEntries(tx, entries);
  return true;
}

/**
 * The patient's balance read under the ledger lock (held until the caller's transaction ends): no other ledger
 * change of this patient can come in between, so spendLockedBalance may book against it without reading again.
 */
export async function lockedBalance(tx: Transaction, patientUserId: number): Promise<Balance> {
  await lockPatientLedger(tx, patientUserId);
  return sumBalance(tx, patientUserId);
}

/**
 * Books entries of the one patient whose balance the caller read with lockedBalance in this transaction: the
 * booking's round trips are the lock, the read and this insert. The keys must be new ones (say, of seats this
 * transaction created); a key booked before is refused by the unique index. Throws InsufficientCreditError (409)
 * when the balance does not cover them.
 */
export async function spendLockedBalance(
  tx: Transaction,
  balance: Balance,
  entries: LedgerEntryInput[],
): Promise<void> {
  if (entries.length === 0) return;
  validate(entries);
  const patients = new Set(entries.map((entry) => entry.patientUserId));
  if (patients.size > 1) throw new Error('spendLockedBalance bucht für genau einen Patienten.');
  assertCovered(balance, entries[0]!.patientUserId, entries);
  await insertEntries(tx, entries);
}

// ---- the seats of appointments ------------------------------------------------------------------------------------
// Every ledger entry of a booked seat is written here, so its keys and signs live in one place: the charge when a
// seat is taken, the refund when it is freed, the paid credit for a card payment whose seat could not be booked.
// The booking (cart) and the appointments (termin) say what happened; they compose no ledger entries.

/** One seat taken in this transaction and paid from credit: one credit of `kind` leaves the balance. */
export interface SeatCharge {
  seatId: number;
  kind: CreditKind;
  /** German, shown in the patient's history. */
  reason: string;
  reference: string;
}

/**
 * Charges the seats one patient took in this transaction against the balance read with lockedBalance, one entry
 * per seat (its key: the seat, so a seat is charged once). Throws InsufficientCreditError (409) when the balance
 * does not cover them.
 */
export function chargeSeats(
  tx: Transaction,
  balance: Balance,
  input: { patientUserId: number; authorUserId: number; charges: SeatCharge[] },
): Promise<void> {
  return spendLockedBalance(
    tx,
    balance,
    input.charges.map((charge) => ({
      patientUserId: input.patientUserId,
      kind: charge.kind,
      delta: -1,
      reason: charge.reason,
      reference: charge.reference,
      idempotencyKey: `termin-sitz-belastung:${charge.seatId}`,
      authorUserId: input.authorUserId,
    })),
  );
}

/** A freed seat returns one credit of `kind`; once per seat whatever the reason (its key: the seat). */
export async function refundSeat(
  tx: Transaction,
  input: {
    seatId: number;
    patientUserId: number;
    kind: CreditKind;
    reason: string;
    reference: string;
    authorUserId: number | null;
  },
): Promise<void> {
  await addLedgerEntries(tx, [
    {
      patientUserId: input.patientUserId,
      kind: input.kind,
      delta: 1,
      reason: input.reason,
      reference: input.reference,
      idempotencyKey: `termin-sitz-erstattung:${input.seatId}`,
      authorUserId: input.authorUserId,
    },
  ]);
}

/**
 * A card payment whose appointment could not be booked becomes one paid credit of `kind` (once per payment and
 * appointment): the money is never lost.
 */
export async function creditUnbookedPayment(
  tx: Transaction,
  input: { patientUserId: number; kind: CreditKind; reason: string; paymentId: number; terminId: number },
): Promise<void> {
  await addLedgerEntries(tx, [
    {
      patientUserId: input.patientUserId,
      kind: input.kind,
      delta: 1,
      reason: input.reason,
      reference: `zahlung:${input.paymentId}`,
      idempotencyKey: `warenkorb-zahlung:${input.paymentId}:${input.terminId}`,
    },
  ]);
}

/** The patient's balance per kind: the sum of the ledger entries. */
export function balanceOf(db: Database | Transaction, patientUserId: number): Promise<Record<CreditKind, number>> {
  return sumBalance(db, patientUserId);
}

export interface ReversalResult {
  /** What was taken back from the balance, per kind. */
  reversed: Balance;
  /** What was already spent and is recorded as debt, per kind. */
  debt: Balance;
}

/**
 * Takes back everything still booked under `reference` (a refund or cancellation of what it granted). Where the
 * credit was already spent, only what is left is taken back and the rest is recorded as debt: the balance never
 * goes below zero. Idempotent by `idempotencyKey`; a reference that granted nothing reverses nothing.
 */
export async function reverseReference(
  tx: Transaction,
  input: {
    patientUserId: number;
    reference: string;
    reason: string;
    idempotencyKey: string;
    authorUserId?: number | null;
  },
): Promise<ReversalResult> {
  await lockPatientLedger(tx, input.patientUserId);
  const reversed = emptyBalance();
  const debt = emptyBalance();
  if ((await anyKeyBooked(tx, [input.idempotencyKey])) || (await anyDebtKeyBooked(tx, input.idempotencyKey))) {
    return { reversed, debt };
  }
  const granted = await sumByReference(tx, input.patientUserId, input.reference);
  const balance = await sumBalance(tx, input.patientUserId);
  for (const kind of CREDIT_KINDS) {
    if (granted[kind] <= 0) continue;
    reversed[kind] = Math.min(granted[kind], Math.max(balance[kind], 0));
    debt[kind] = granted[kind] - reversed[kind];
  }
  await addLedgerEntries(
    tx,
    CREDIT_KINDS.filter((kind) => reversed[kind] > 0).map((kind) => ({
      patientUserId: input.patientUserId,
      kind,
      delta: -reversed[kind],
      reason: input.reason,
      reference: input.reference,
      idempotencyKey: input.idempotencyKey,
      authorUserId: input.authorUserId ?? null,
    })),
  );
  await insertDebts(
    tx,
    CREDIT_KINDS.filter((kind) => debt[kind] > 0).map((kind) => ({
      patientUserId: input.patientUserId,
      kind,
      amount: debt[kind],
      reason: input.reason,
      reference: input.reference,
      idempotencyKey: input.idempotencyKey,
    })),
  );
  return { reversed, debt };
}

export { emptyBalance };
