import type { Cart } from '@dihs/contract/cart';
import type { Database, Transaction } from '../../db/client.ts';
import { releaseSeat, releaseSeatWithRefund, seatsOfCart, type CartSeat } from '../termin/index.ts';
import { cancelPayment } from '../zahlung/index.ts';
import { findPatient, lockOwnCart, toCart, viewOf, type CartContext, type CartViewer } from './cart-view.ts';
import { findOpenOwnCart, lockCartAndPayment, setCartClosed } from './cart.repository.ts';
import type { WarenkorbRow } from './cart.table.ts';

// The expire step: a cart ends without booking (reset, timeout, patient deletion); seats and credit go back.

const CLOSE_REASONS: Record<'ABGEBROCHEN' | 'ABGELAUFEN', string> = {
  ABGEBROCHEN: 'Terminbuchung abgebrochen',
  ABGELAUFEN: 'Reservierung abgelaufen',
};

/**
 * Ends an OFFEN cart without booking (reset, timeout, patient deletion), inside the caller's transaction that
 * holds the payment and cart locks: the open payment is cancelled, every seat released and its credit returned by
 * the one seat rule. Without `refund` (deleted account) the seats are only freed. Answers the cart and its seats
 * as they are afterwards.
 */
export async function closeCart(
  tx: Transaction,
  cart: WarenkorbRow,
  status: 'ABGEBROCHEN' | 'ABGELAUFEN',
  input: { now: Date; authorUserId?: number | null; refund?: boolean },
): Promise<{ cart: WarenkorbRow; seats: CartSeat[] }> {
  const seats = await seatsOfCart(tx, cart.id);
  if (cart.status !== 'OFFEN') return { cart, seats };
  if (cart.zahlungId !== null) await cancelPayment(tx, cart.zahlungId);
  const open = seats
    .filter(({ seat }) => seat.status !== 'STORNIERT')
    // appointment id order, like every other path that changes appointment rows
    .sort((a, b) => a.termin.id - b.termin.id);
  const after = new Map<number, CartSeat['seat']>();
  for (const { seat } of open) {
    const releasedSeat =
      input.refund === false
        ? await releaseSeat(tx, seat.id, input.now)
        : (
            await releaseSeatWithRefund(tx, seat.id, {
              now: input.now,
              reason: CLOSE_REASONS[status],
              reference: `warenkorb:${cart.id}`,
              authorUserId: input.authorUserId ?? null,
            })
          )?.seat;
    // undefined: released by someone else meanwhile, so STORNIERT all the same
    after.set(seat.id, releasedSeat ?? { ...seat, status: 'STORNIERT' });
  }
  return {
    cart: await setCartClosed(tx, cart.id, status, input.now),
    seats: seats.map((item) => ({ ...item, seat: after.get(item.seat.id) ?? item.seat })),
  };
}

/**
 * An own cart past its time that the timeout job has not released yet is released before a new one is made (its
 * own transaction, in the job's lock order: payment, cart), so an expired cart never blocks a booking.
 */
export async function releaseExpiredOwnCart(db: Database, patientUserId: number, now: Date): Promise<void> {
  const open = await findOpenOwnCart(db, patientUserId);
  if (!open || open.expiresAt > now) return;
  await db.transaction(async (tx) => {
    const cart = await lockCartAndPayment(tx, open.id);
    if (cart && cart !== 'busy' && cart.status === 'OFFEN' && cart.expiresAt <= now) {
      await closeCart(tx, cart, 'ABGELAUFEN', { now });
    }
  });
}

/** Reset: cancels the payment, releases seats and credit; a closed cart is answered as it is. */
export async function resetCart(
  ctx: CartContext,
  cartId: number,
  viewer: CartViewer,
  authorUserId: number,
): Promise<Cart> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const closed = await closeCart(tx, await lockOwnCart(tx, cartId, viewer), 'ABGEBROCHEN', { now, authorUserId });
    const patient = await findPatient(tx, closed.cart.patientUserId);
    return toCart(closed.cart, await viewOf(tx, patient, closed.seats), null);
  });
}
