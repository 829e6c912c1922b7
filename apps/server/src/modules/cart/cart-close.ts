import type { CartStatus } from '@dihs/contract/cart';
import type { Transaction } from '../../db/client.ts';
import { addLedgerEntries } from '../guthaben/index.ts';
import { confirmSeat, releaseSeat, releaseSeatWithRefund, type TerminRow } from '../termin/index.ts';
import { cancelPayment } from '../zahlung/index.ts';
import { enqueueBookingMail } from './cart-mail.ts';
import { paidCreditKindOf } from './cart-zahlungsart.ts';
import { findPatient, seatsOfCart, updateCart } from './cart.repository.ts';
import type { WarenkorbRow } from './cart.table.ts';

const REASONS: Record<'ABGEBROCHEN' | 'ABGELAUFEN', string> = {
  ABGEBROCHEN: 'Terminbuchung abgebrochen',
  ABGELAUFEN: 'Reservierung abgelaufen',
};

/**
 * Ends an OFFEN cart without booking (reset, timeout, patient deletion), inside the caller's transaction that
 * holds the payment and cart locks: the open payment is cancelled, every seat released and its credit returned by
 * the one seat rule. Without `refund` (deleted account) the seats are only freed.
 */
export async function closeCart(
  tx: Transaction,
  cart: WarenkorbRow,
  status: 'ABGEBROCHEN' | 'ABGELAUFEN',
  input: { now: Date; authorUserId?: number | null; refund?: boolean },
): Promise<WarenkorbRow> {
  if (cart.status !== 'OFFEN') return cart;
  if (cart.zahlungId !== null) await cancelPayment(tx, cart.zahlungId);
  const seats = (await seatsOfCart(tx, cart.id))
    .filter(({ seat }) => seat.status !== 'STORNIERT')
    // appointment id order, like every other path that changes appointment rows
    .sort((a, b) => a.termin.id - b.termin.id);
  for (const { seat } of seats) {
    if (input.refund === false) await releaseSeat(tx, seat.id, input.now);
    else {
      await releaseSeatWithRefund(tx, seat.id, {
        now: input.now,
        reason: REASONS[status],
        reference: `warenkorb:${cart.id}`,
        authorUserId: input.authorUserId ?? null,
      });
    }
  }
  return updateCart(tx, cart.id, { status, closedAt: input.now });
}

/**
 * Books an OFFEN cart: every reserved seat becomes GEBUCHT, the cart BEZAHLT, the confirmation mail enqueued. With
 * the card payment that paid it (`paymentId`), a card item whose seat was freed meanwhile (the operator cancelled
 * the appointment) becomes one paid credit of its type: the money is never lost.
 */
export async function bookCart(
  tx: Transaction,
  cart: WarenkorbRow,
  now: Date,
  paymentId?: number,
): Promise<WarenkorbRow> {
  if (cart.status !== 'OFFEN') return cart;
  for (const { seat, termin } of await seatsOfCart(tx, cart.id)) {
    if (seat.status === 'RESERVIERT') await confirmSeat(tx, seat.id);
    else if (seat.status === 'STORNIERT' && seat.zahlungsart === 'KARTE' && paymentId !== undefined) {
      await creditPaidItem(tx, cart.patientUserId, termin, paymentId);
    }
  }
  const booked = (await seatsOfCart(tx, cart.id)).filter(({ seat }) => seat.status === 'GEBUCHT');
  const patient = await findPatient(tx, cart.patientUserId);
  if (patient) await enqueueBookingMail(tx, patient, booked, now);
  return updateCart(tx, cart.id, { status: 'BEZAHLT' satisfies CartStatus, closedAt: now });
}

/** One paid credit for a card item that was paid but could not be booked (once per payment and appointment). */
export async function creditPaidItem(
  tx: Transaction,
  patientUserId: number,
  termin: TerminRow,
  paymentId: number,
): Promise<void> {
  await addLedgerEntries(tx, [
    {
      patientUserId,
      kind: paidCreditKindOf(termin.termintyp),
      delta: 1,
      reason: `Bezahlter Termin nicht buchbar: ${termin.befund}`,
      reference: `zahlung:${paymentId}`,
      idempotencyKey: `warenkorb-zahlung:${paymentId}:${termin.id}`,
    },
  ]);
}
