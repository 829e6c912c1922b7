import { CART_MESSAGES, type Cart, type CartStatus } from '@dihs/contract/cart';
import type { Transaction } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { creditUnbookedPayment } from '../guthaben/index.ts';
import { confirmSeat, seatsOfCart, type CartSeat, type TerminRow } from '../termin/index.ts';
import { enqueueBookingMail } from './cart-mail.ts';
import { paymentAddress } from './cart-pay.service.ts';
import {
  flushIfBooked,
  lockOwnCart,
  readView,
  toCart,
  type CartContext,
  type CartPatient,
  type CartViewer,
} from './cart-view.ts';
import { paidCreditKindOf } from './cart-zahlungsart.ts';
import { setCartClosed } from './cart.repository.ts';
import type { WarenkorbRow } from './cart.table.ts';

// The confirm step: a covered cart is booked at once, a card cart when its payment arrives (cart-payment.ts).

/**
 * Books an OFFEN cart: every reserved seat becomes GEBUCHT, the cart BEZAHLT, the confirmation mail enqueued. With
 * the card payment that paid it (`paymentId`), a card item whose seat was freed meanwhile (the operator cancelled
 * the appointment) becomes one paid credit of its type: the money is never lost. `seats` and `patient` are the
 * caller's reads of this transaction (the patient undefined for a deleted account: no mail).
 */
export async function bookCart(
  tx: Transaction,
  cart: WarenkorbRow,
  now: Date,
  known: { seats: CartSeat[]; patient: CartPatient | undefined },
  paymentId?: number,
): Promise<{ cart: WarenkorbRow; seats: CartSeat[] }> {
  if (cart.status !== 'OFFEN') return { cart, seats: known.seats };
  let seats = known.seats;
  let released = false;
  const confirmed = new Set<number>();
  for (const { seat, termin } of seats) {
    if (seat.status === 'RESERVIERT') {
      if (await confirmSeat(tx, seat.id)) confirmed.add(seat.id);
      else released = true;
    } else if (seat.status === 'STORNIERT' && seat.zahlungsart === 'KARTE' && paymentId !== undefined) {
      await creditPaidItem(tx, cart.patientUserId, termin, paymentId);
    }
  }
  // a seat released between the read and its confirmation (rare): read the cart's seats again for the truth
  seats = released
    ? await seatsOfCart(tx, cart.id)
    : seats.map((item) =>
        confirmed.has(item.seat.id) ? { ...item, seat: { ...item.seat, status: 'GEBUCHT' } } : item,
      );
  const booked = seats.filter(({ seat }) => seat.status === 'GEBUCHT');
  if (known.patient) await enqueueBookingMail(tx, known.patient, booked, now);
  return { cart: await setCartClosed(tx, cart.id, 'BEZAHLT' satisfies CartStatus, now), seats };
}

/** One paid credit for a card item that was paid but could not be booked (once per payment and appointment). */
export function creditPaidItem(
  tx: Transaction,
  patientUserId: number,
  termin: TerminRow,
  paymentId: number,
): Promise<void> {
  return creditUnbookedPayment(tx, {
    patientUserId,
    kind: paidCreditKindOf(termin.termintyp),
    reason: `Bezahlter Termin nicht buchbar: ${termin.befund}`,
    paymentId,
    terminId: termin.id,
  });
}

/**
 * Confirms a cart: without card amount every seat is booked at once; with one the payment page is answered (the
 * payment's webhook books it). A closed or expired cart: 409.
 */
export async function confirmCart(ctx: CartContext, cartId: number, viewer: CartViewer): Promise<Cart> {
  const now = ctx.now();
  const { cart, view, redirectUrl } = await ctx.db.transaction(async (tx) => {
    const locked = await lockOwnCart(tx, cartId, viewer);
    if (locked.status === 'ABGELAUFEN' || (locked.status === 'OFFEN' && locked.expiresAt <= now)) {
      throw new HttpError(409, CART_MESSAGES.abgelaufen);
    }
    if (locked.status !== 'OFFEN') throw new HttpError(409, CART_MESSAGES.abgeschlossen);
    const read = await readView(tx, locked);
    if (locked.amountCents > 0) return { cart: locked, view: read, redirectUrl: await paymentAddress(tx, locked, now) };
    const booked = await bookCart(tx, locked, now, read);
    return { cart: booked.cart, view: { ...read, seats: booked.seats }, redirectUrl: null };
  });
  flushIfBooked(ctx, cart);
  return toCart(cart, view, redirectUrl);
}
