import type { Transaction } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { reserveSeat, seatsOfCart, type CartSeat } from '../termin/index.ts';
import type { PaymentListener } from '../zahlung/index.ts';
import { enqueueBookingMail } from './cart-mail.ts';
import { lockCart, setCartClosed } from './cart.repository.ts';
import { bookCart, creditPaidItem } from './cart-confirm.service.ts';
import { findPatient } from './cart-view.ts';
import { paidCreditKindOf } from './cart-zahlungsart.ts';
import type { WarenkorbRow } from './cart.table.ts';

/**
 * The WARENKORB payment listener (inside the webhook's transaction). PAID books an OFFEN cart. A payment that
 * arrives after the cart was reset or expired (or a second payment of a booked cart) loses no money: each card item
 * is booked again if its appointment still has a seat, otherwise the patient gets one paid credit of its type.
 * CANCELLED changes nothing: the cart stays OFFEN until reset or timeout, and a retry opens a new payment.
 */
export const cartPaymentListener =
  (now: () => Date): PaymentListener =>
  async (tx, payment, newStatus) => {
    if (newStatus !== 'PAID') return;
    const cart = await lockCart(tx, payment.referenceId);
    if (!cart) return;
    if (cart.status === 'OFFEN') {
      const seats = await seatsOfCart(tx, cart.id);
      await bookCart(tx, cart, now(), { seats, patient: await findPatient(tx, cart.patientUserId) }, payment.id);
      return;
    }
    await applyLatePayment(tx, cart, payment.id, now());
  };

async function applyLatePayment(tx: Transaction, cart: WarenkorbRow, paymentId: number, now: Date): Promise<void> {
  const cardItems = (await seatsOfCart(tx, cart.id)).filter(({ seat }) => seat.zahlungsart === 'KARTE');
  const booked: CartSeat[] = [];
  for (const item of cardItems.sort((a, b) => a.termin.id - b.termin.id)) {
    // a booked cart paid twice: the seat is already paid, the second payment becomes credit
    const rebooked = cart.status === 'BEZAHLT' ? undefined : await tryRebook(tx, cart, item, now);
    if (rebooked) booked.push({ seat: rebooked, termin: item.termin });
    else await creditPaidItem(tx, cart.patientUserId, item.termin, paymentId);
  }
  if (cart.status !== 'BEZAHLT') await setCartClosed(tx, cart.id, 'BEZAHLT', now);
  const patient = await findPatient(tx, cart.patientUserId);
  if (patient) await enqueueBookingMail(tx, patient, booked, now);
}

/** Books a released card item again if its appointment still takes it; a refusal leaves the transaction intact. */
async function tryRebook(tx: Transaction, cart: WarenkorbRow, item: CartSeat, now: Date) {
  if (item.seat.status === 'GEBUCHT') return undefined;
  try {
    // a savepoint: a refused reservation must not abort the webhook's transaction
    return await tx.transaction((sp) =>
      reserveSeat(sp, {
        terminId: item.termin.id,
        patientUserId: cart.patientUserId,
        zahlungsart: 'KARTE',
        creditKind: paidCreditKindOf(item.termin.termintyp),
        cartId: cart.id,
        status: 'GEBUCHT',
        now,
      }),
    );
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}
