import { CART_MESSAGES, type Cart } from '@dihs/contract/cart';

/**
 * The booking state read back from a cart (spec 2 section 4 "Booking flow"): every item PAID is success; a cart
 * released by reset or timeout is over; anything else is still unpaid.
 */
export type CartErgebnis = 'bezahlt' | 'offen' | 'abgebrochen' | 'abgelaufen';

export function cartErgebnis(cart: Cart): CartErgebnis {
  if (cart.status === 'ABGEBROCHEN') return 'abgebrochen';
  if (cart.status === 'ABGELAUFEN') return 'abgelaufen';
  if (cart.status === 'BEZAHLT' || (cart.items.length > 0 && cart.items.every((item) => item.status === 'PAID')))
    return 'bezahlt';
  return 'offen';
}

/**
 * A retry (the payment page again) is offered for an unpaid cart with an amount to pay; the server answers the open
 * payment's page or starts a new attempt when the last one was cancelled at the provider.
 */
export const kannErneutZahlen = (cart: Cart): boolean => cartErgebnis(cart) === 'offen' && cart.amountCents > 0;

/** The text of a read-back state. */
export const ERGEBNIS_TEXTE: Record<CartErgebnis, string> = {
  bezahlt: CART_MESSAGES.erfolg,
  offen: CART_MESSAGES.unbezahlt,
  abgebrochen: 'Die Buchung wurde zurückgesetzt.',
  abgelaufen: CART_MESSAGES.abgelaufen,
};
