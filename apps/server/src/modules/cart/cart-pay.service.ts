import type { Database, Transaction } from '../../db/client.ts';
import { checkoutPath, createPayment, getLatestPaymentFor } from '../zahlung/index.ts';
import { updateCart } from './cart.repository.ts';
import type { WarenkorbRow } from './cart.table.ts';

// The pay step: a cart with a card amount gets its payment page (the payment's webhook books it: cart-payment.ts).

/** An OFFEN cart with a card amount that has not expired: it may still be paid. */
const payable = (cart: WarenkorbRow, now: Date) =>
  cart.status === 'OFFEN' && cart.amountCents > 0 && cart.expiresAt > now;

/** The checkout address of the cart's open (PENDING) payment, or null; reads only. */
export async function openPaymentAddress(
  db: Database | Transaction,
  cart: WarenkorbRow,
  now: Date,
): Promise<string | null> {
  if (!payable(cart, now)) return null;
  const latest = await getLatestPaymentFor(db, 'WARENKORB', cart.id);
  return latest?.status === 'PENDING' ? checkoutPath(latest.checkoutToken) : null;
}

/**
 * The payment page of a payable cart. A payment the patient cancelled at the provider cannot be reopened there, so
 * a new attempt is created for the same cart (the dialog's retry goes through confirm, a POST). A cart created in
 * this transaction has no payment yet (`isNew`), so none is looked up.
 */
export async function paymentAddress(
  tx: Transaction,
  cart: WarenkorbRow,
  now: Date,
  isNew = false,
): Promise<string | null> {
  if (!payable(cart, now)) return null;
  const open = isNew ? null : await openPaymentAddress(tx, cart, now);
  if (open) return open;
  const { paymentId, redirectUrl } = await createPayment(tx, {
    userId: cart.patientUserId,
    purpose: 'WARENKORB',
    referenceId: cart.id,
    amountCents: cart.amountCents,
    description: `Terminbuchung (Warenkorb ${cart.id})`,
    returnPath: `/patient/termine?cart=${cart.id}`,
  });
  await updateCart(tx, cart.id, { zahlungId: paymentId });
  return redirectUrl;
}
