import type { CreditKind } from '@dihs/contract/guthaben';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { TERMIN_MESSAGES, type Zahlungsart } from '@dihs/contract/termin';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { chargeSeats, lockedBalance, refundSeat, type Balance, type SeatCharge } from '../guthaben/index.ts';
import {
  bookReservedSeatRow,
  cancelSeatRow,
  cartSeatRows,
  futureSeatIdsOf,
  insertSeatRow,
  lockSeatRow,
  lockTermineInOrder,
  lockTerminRow,
  lowerSeatCounter,
  takeSeatIfFree,
  terminIdOfSeat,
  terminRow,
} from './termin-sitz.repository.ts';
import { activeSeat } from './termin.repository.ts';
import type { TerminRow, TerminTeilnahmeRow } from './termin.table.ts';

// The seats of appointments: taken, booked and freed inside the caller's transaction (their statements:
// termin-sitz.repository.ts). A freed seat's credit goes back through the ledger (guthaben's refundSeat).

/** A seat of a booking cart with its appointment. */
export interface CartSeat {
  seat: TerminTeilnahmeRow;
  termin: TerminRow;
}

/**
 * The seats of a booking cart with their appointments. A late payment may re-reserve an appointment under a new
 * seat, so per appointment only the newest seat counts; sorted by start, then appointment id.
 */
export async function seatsOfCart(db: Database | Transaction, cartId: number): Promise<CartSeat[]> {
  const rows = await cartSeatRows(db, cartId);
  const newest = new Map<number, CartSeat>();
  for (const row of rows) newest.set(row.termin.id, row);
  return [...newest.values()].sort(
    (a, b) => a.termin.datum.getTime() - b.termin.datum.getTime() || a.termin.id - b.termin.id,
  );
}

export interface ReserveSeatInput {
  terminId: number;
  patientUserId: number;
  zahlungsart: Zahlungsart;
  creditKind?: CreditKind | null;
  cartId?: number | null;
  /** RESERVIERT while a card payment is open, GEBUCHT when paid (default). */
  status?: 'RESERVIERT' | 'GEBUCHT';
  /** The business clock; default system time. */
  now?: Date;
}

/**
 * Takes one seat inside the caller's transaction in two statements. The counter is raised by one conditional
 * UPDATE that also requires the patient to hold no seat there yet: concurrent callers queue on the row lock and
 * re-check the condition, and the CHECK (anzahl_teilnehmer <= max_teilnehmer) refuses overbooking even if a caller
 * skipped the condition. The partial unique index refuses a second seat of the same patient that raced past the
 * condition. Only a refused UPDATE reads further, to name the reason: a German 4xx (appointment unknown 404;
 * duplicate, cancelled, past, full 409, in this order).
 */
export async function reserveSeat(tx: Transaction, input: ReserveSeatInput): Promise<TerminTeilnahmeRow> {
  const now = input.now ?? new Date();
  if (!(await takeSeatIfFree(tx, { terminId: input.terminId, patientUserId: input.patientUserId, now }))) {
    if (await activeSeat(tx, input.terminId, input.patientUserId)) throw new HttpError(409, TERMIN_MESSAGES.doppelt);
    const termin = await terminRow(tx, input.terminId);
    if (!termin) throw HttpError.notFound(TERMIN_MESSAGES.unbekannt);
    if (termin.status !== 'AKTIV') throw new HttpError(409, TERMIN_MESSAGES.nichtBuchbar);
    if (termin.datum <= now) throw new HttpError(409, TERMIN_MESSAGES.vergangen);
    throw new HttpError(409, TERMIN_MESSAGES.voll);
  }
  try {
    return await insertSeatRow(tx, {
      terminId: input.terminId,
      patientUserId: input.patientUserId,
      status: input.status ?? 'GEBUCHT',
      zahlungsart: input.zahlungsart,
      creditKind: input.creditKind ?? null,
      cartId: input.cartId ?? null,
      bookedAt: now,
    });
  } catch (error) {
    // a concurrent booking of the same patient won the race; the caller's transaction is rolled back
    if (isUniqueViolation(error)) throw new HttpError(409, TERMIN_MESSAGES.doppelt);
    throw error;
  }
}

/** How one seat of a booking is paid: the booking's rule decides it (the cart's payment rule). */
export interface SeatPayment {
  zahlungsart: Zahlungsart;
  /** The credit the seat takes; for a card-paid seat the kind a cancellation returns (nothing is charged). */
  creditKind: CreditKind | null;
}

export interface BookingSeatsInput {
  cartId: number;
  patientUserId: number;
  /** Who books (the patient or an operator): the author of the ledger entries. */
  authorUserId: number;
  terminIds: readonly number[];
  status: 'RESERVIERT' | 'GEBUCHT';
  now: Date;
  /**
   * The booking's rule: how each locked appointment (in id order) is paid, from the patient's balance locked for
   * this transaction; throws to refuse the booking. It reads no seats and writes nothing.
   */
  decide(termine: readonly TerminRow[], balance: Balance): SeatPayment[] | Promise<SeatPayment[]>;
}

/**
 * Takes the seats of one booking and charges the credit-paid ones, inside the caller's transaction, in the lock
 * order of every path that frees seats with a refund: the appointments (in id order), then the patient's ledger. The
 * booking's rule decides each seat's payment between the two locks, so it sees the balance no one else can change
 * until the commit; a charge the balance does not cover is refused by the ledger (409). Answers the seats in id order
 * of their appointments. An unknown appointment is a 404 before anything is taken.
 */
export async function reserveBookingSeats(tx: Transaction, input: BookingSeatsInput): Promise<CartSeat[]> {
  const ids = [...new Set(input.terminIds)].sort((a, b) => a - b);
  const termine = await lockTermineInOrder(tx, ids);
  if (termine.length !== ids.length) throw HttpError.notFound(TERMIN_MESSAGES.unbekannt);
  const balance = await lockedBalance(tx, input.patientUserId);
  const payments = await input.decide(termine, balance);
  const seats: CartSeat[] = [];
  const charges: SeatCharge[] = [];
  for (const [index, termin] of termine.entries()) {
    const payment = payments[index]!;
    const seat = await reserveSeat(tx, {
      terminId: termin.id,
      patientUserId: input.patientUserId,
      zahlungsart: payment.zahlungsart,
      creditKind: payment.creditKind,
      cartId: input.cartId,
      status: input.status,
      now: input.now,
    });
    seats.push({ seat, termin });
    if (payment.zahlungsart !== 'KARTE' && payment.creditKind) {
      charges.push({
        seatId: seat.id,
        kind: payment.creditKind,
        reason: `Terminbuchung: ${termin.befund} am ${formatDateTimeUhr(termin.datum)}`,
        reference: `warenkorb:${input.cartId}`,
      });
    }
  }
  await chargeSeats(tx, balance, {
    patientUserId: input.patientUserId,
    authorUserId: input.authorUserId,
    charges,
  });
  return seats;
}

/**
 * Frees a seat inside the caller's transaction: the seat becomes STORNIERT (kept for accounting) and the counter
 * drops by one. Answers the released seat, or undefined when it was already released (idempotent). Refunding the
 * credit it was paid with is the caller's business (it knows the reason and the idempotency key).
 */
export async function releaseSeat(
  tx: Transaction,
  teilnahmeId: number,
  now: Date = new Date(),
): Promise<TerminTeilnahmeRow | undefined> {
  if (!(await lockSeatInOrder(tx, teilnahmeId))) return undefined;
  const seat = await cancelSeatRow(tx, teilnahmeId, now);
  if (!seat) return undefined;
  await lowerSeatCounter(tx, seat.terminId);
  return seat;
}

/**
 * Locks a seat's appointment row and then the seat: every path that changes both (booking, cancellation, cart
 * reset) takes the appointment first, so two of them never wait for each other crosswise.
 */
async function lockSeatInOrder(tx: Transaction, teilnahmeId: number): Promise<TerminTeilnahmeRow | undefined> {
  const terminId = await terminIdOfSeat(tx, teilnahmeId);
  if (terminId === undefined) return undefined;
  await lockTerminRow(tx, terminId);
  return lockSeatRow(tx, teilnahmeId);
}

/**
 * The one refund rule of a released seat: it gets back the credit kind it was paid from. Nothing for employer
 * seats (the company pays), and nothing for a card seat whose payment never arrived (no money was taken); a paid
 * card seat returns paid credit of its type (its creditKind is the bezahlt kind).
 */
export function refundKindOf(
  seat: Pick<TerminTeilnahmeRow, 'zahlungsart' | 'creditKind' | 'status'>,
): CreditKind | null {
  if (!seat.creditKind || seat.zahlungsart === 'FIRMA') return null;
  if (seat.zahlungsart === 'KARTE' && seat.status !== 'GEBUCHT') return null;
  return seat.creditKind;
}

export interface SeatRefundInput {
  now: Date;
  /** German, shown in the patient's credit history. */
  reason: string;
  reference?: string | null;
  authorUserId?: number | null;
}

/**
 * Releases a seat and refunds it by `refundKindOf`, inside the caller's transaction (operator cancellation, cart
 * reset and timeout, patient cancellation). One refund key per seat: a seat is refunded at most once whatever the
 * reason. Answers undefined when the seat was already released.
 */
export async function releaseSeatWithRefund(
  tx: Transaction,
  teilnahmeId: number,
  input: SeatRefundInput,
): Promise<{ seat: TerminTeilnahmeRow; refund: CreditKind | null } | undefined> {
  // the status before the release decides the refund (a reserved card seat was never paid)
  const before = await lockSeatInOrder(tx, teilnahmeId);
  if (!before) return undefined;
  const seat = await releaseSeat(tx, teilnahmeId, input.now);
  if (!seat) return undefined;
  const refund = refundKindOf(before);
  if (refund) {
    await refundSeat(tx, {
      seatId: seat.id,
      patientUserId: seat.patientUserId,
      kind: refund,
      reason: input.reason,
      reference: input.reference ?? `termin:${seat.terminId}`,
      authorUserId: input.authorUserId ?? null,
    });
  }
  return { seat, refund };
}

/** A reserved seat becomes booked (its card payment arrived). Answers false when it was not reserved. */
export const confirmSeat = (tx: Transaction, teilnahmeId: number): Promise<boolean> =>
  bookReservedSeatRow(tx, teilnahmeId);

/**
 * Patient deletion: seats in appointments that have not started are freed for others; seats of past appointments
 * stay for accounting (they hold ids and flags only, no personal text). No credit is returned: the account is gone.
 */
export async function releaseFutureSeatsOf(tx: Transaction, patientUserId: number, now: Date): Promise<number> {
  const seatIds = await futureSeatIdsOf(tx, patientUserId, now);
  for (const id of seatIds) await releaseSeat(tx, id, now);
  return seatIds.length;
}
