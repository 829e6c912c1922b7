import { BUCHUNG_TEXTE, CART_MESSAGES, type Cart } from '@dihs/contract/cart';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { PAYMENT_CANCEL_PARAM } from '@dihs/contract/zahlung';

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

/**
 * What the dialog says after the payment page, from the server's answer (the return is a full page load): an
 * unpaid cart with an amount but no payment address had its payment cancelled at the provider (the server answers
 * the address only while the payment is open), and so has one the browser brought back from the provider's cancel
 * link (`abgebrochen`, PAYMENT_CANCEL_PARAM: Stripe never reports it); an open payment is waited for a while (the
 * provider's confirmation may follow the browser), then called unpaid. A paid cart is paid whatever the address says.
 */
export type CartAnzeige = 'bezahlt' | 'pruefen' | 'zahlungAbgebrochen' | 'unbezahlt' | 'abgebrochen' | 'abgelaufen';

export function cartAnzeige(cart: Cart, wartet: boolean, abgebrochen = false): CartAnzeige {
  const ergebnis = cartErgebnis(cart);
  if (ergebnis !== 'offen') return ergebnis;
  if (cart.amountCents > 0 && (cart.redirectUrl === null || abgebrochen)) return 'zahlungAbgebrochen';
  return wartet && cart.redirectUrl !== null ? 'pruefen' : 'unbezahlt';
}

/** The text of a state other than 'bezahlt' (which shows the confirmation). */
export function anzeigeText(anzeige: Exclude<CartAnzeige, 'bezahlt'>, cart: Cart): string {
  const bis = formatDateTimeUhr(cart.expiresAt);
  switch (anzeige) {
    case 'pruefen':
      return BUCHUNG_TEXTE.pruefen;
    case 'zahlungAbgebrochen':
      return BUCHUNG_TEXTE.zahlungAbgebrochen(bis);
    case 'unbezahlt':
      return `${CART_MESSAGES.unbezahlt} ${BUCHUNG_TEXTE.reserviertBis(bis)}`;
    case 'abgebrochen':
      return BUCHUNG_TEXTE.zurueckgesetzt;
    case 'abgelaufen':
      return CART_MESSAGES.abgelaufen;
  }
}

/**
 * The cart the payment page returned to, from `?cart={id}`: its id, 'ungueltig' for anything else in that
 * parameter (the page says the booking is unknown), or null without the parameter.
 */
export function returnCartOf(params: URLSearchParams): number | 'ungueltig' | null {
  const raw = params.get('cart');
  if (raw === null) return null;
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return id > 0 && id <= 2_147_483_647 ? id : 'ungueltig';
}

/** The browser came back by the provider's cancel link (`?zahlung=abgebrochen`): words only, see cartAnzeige. */
export const returnAbgebrochen = (params: URLSearchParams): boolean =>
  params.get(PAYMENT_CANCEL_PARAM.name) === PAYMENT_CANCEL_PARAM.value;
