import { CART_MESSAGES, type Cart } from '@dihs/contract/cart';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, testSession } from '../../test/render.tsx';
import { cartApi } from './api/cart-api.ts';
import { cartErgebnis, kannErneutZahlen } from './cart-state.ts';
import { CartDialog } from './components/cart-dialog.tsx';

const CART: Cart = {
  cartId: 11,
  status: 'OFFEN',
  redirectUrl: null,
  vorname: 'Paula',
  nachname: 'Patientin',
  amountCents: 0,
  expiresAt: '2026-12-01T10:30:00.000Z',
  items: [
    {
      terminId: 1,
      terminName: 'Rückenschmerzen',
      termintyp: 'EINZEL',
      datum: '2026-12-01T16:30:00.000Z',
      status: 'OFFEN',
      paymentMethod: 'GUTHABEN',
      amountCents: 0,
    },
  ],
};
const KARTE: Cart = {
  ...CART,
  amountCents: 2500,
  items: [{ ...CART.items[0]!, paymentMethod: 'KARTE', amountCents: 2500 }],
};
const PAID = (cart: Cart): Cart => ({
  ...cart,
  status: 'BEZAHLT',
  redirectUrl: null,
  items: cart.items.map((item) => ({ ...item, status: 'PAID' })),
});
const PATIENT = fakeSession(testSession({ sub: 'patient@demo.de', role: 'PATIENT', userId: 9 }));

function renderDialog(cart: Cart, initialPhase: 'uebersicht' | 'ergebnis' = 'uebersicht') {
  const onGebucht = vi.fn();
  const onClose = vi.fn();
  renderWithApp(
    <CartDialog
      api={cartApi({ kind: 'patient' })}
      cart={cart}
      initialPhase={initialPhase}
      onGebucht={onGebucht}
      onClose={onClose}
    />,
    { session: PATIENT },
  );
  return { onGebucht, onClose, dialog: screen.getByRole('dialog', { name: 'Ihre Buchung' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('cart state', () => {
  it('reads PAID items as success, released carts as over, anything else as unpaid', () => {
    expect(cartErgebnis(CART)).toBe('offen');
    expect(cartErgebnis(PAID(CART))).toBe('bezahlt');
    expect(cartErgebnis({ ...CART, status: 'ABGEBROCHEN' })).toBe('abgebrochen');
    expect(cartErgebnis({ ...CART, status: 'ABGELAUFEN' })).toBe('abgelaufen');
    // a card amount can be paid again, also after a cancelled checkout (no open payment address)
    expect(kannErneutZahlen({ ...KARTE, redirectUrl: '/api/zahlung/checkout/x' })).toBe(true);
    expect(kannErneutZahlen(KARTE)).toBe(true);
    expect(kannErneutZahlen(CART)).toBe(false);
    expect(kannErneutZahlen(PAID(KARTE))).toBe(false);
  });
});

describe('CartDialog', () => {
  it('shows the items and books at once when nothing is left to pay', async () => {
    const fetchMock = stubFetch({ 'POST /api/cart/confirm/11': { body: PAID(CART) } });
    const { dialog, onGebucht } = renderDialog(CART);
    expect(dialog).toHaveTextContent('Rückenschmerzen – Video-Einzeltermin');
    expect(dialog).toHaveTextContent('01.12.2026, 17:30 Uhr · Zahlung: Guthaben');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buchung bestätigen' }));
    await waitFor(() => expect(onGebucht).toHaveBeenCalledWith(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says so for an empty cart', () => {
    stubFetch({});
    const { dialog } = renderDialog({ ...CART, items: [] });
    expect(dialog).toHaveTextContent(CART_MESSAGES.leer);
    expect(within(dialog).queryByRole('button', { name: 'Buchung bestätigen' })).not.toBeInTheDocument();
  });

  it('resets the cart', async () => {
    const fetchMock = stubFetch({
      'GET /api/cart/patient/cancelPayment/11': { body: { ...CART, status: 'ABGEBROCHEN' } },
    });
    const { dialog, onClose } = renderDialog(CART);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zurücksetzen' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/cart/patient/cancelPayment/11');
  });

  it('opens the payment page in a new window and reads the cart back until it is paid', async () => {
    const redirect = { ...KARTE, redirectUrl: '/api/zahlung/checkout/abc' };
    let reads = 0;
    stubFetch({
      'POST /api/cart/confirm/11': { body: redirect },
      'GET /api/cart/get/11': () => ({ body: ++reads < 2 ? redirect : PAID(redirect) }),
    });
    const open = vi.spyOn(window, 'open').mockReturnValue({ closed: false } as Window);
    const { dialog, onGebucht } = renderDialog(KARTE);
    expect(dialog).toHaveTextContent('Zahlung: Zu bezahlen (25,00 €)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buchung bestätigen' }));
    expect(open).toHaveBeenCalledWith('/api/zahlung/checkout/abc', '_blank');
    expect(await within(dialog).findByText(/Bitte schließen Sie die Zahlung/)).toBeInTheDocument();
    expect(await within(dialog).findByText(CART_MESSAGES.erfolg, {}, { timeout: 6000 })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    expect(onGebucht).toHaveBeenCalledWith(false);
  }, 10_000);

  it('shows the unpaid text with a retry button on the return from a cancelled checkout; retry starts a new payment', async () => {
    // the checkout was cancelled: the cart is read without an address; confirming again answers a new one
    stubFetch({
      'GET /api/cart/get/11': { body: KARTE },
      'POST /api/cart/confirm/11': { body: { ...KARTE, redirectUrl: '/api/zahlung/checkout/neu' } },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { dialog } = renderDialog(KARTE, 'ergebnis');
    expect(dialog).toHaveTextContent(CART_MESSAGES.unbezahlt);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/zahlung/checkout/neu', '_blank'));
  });
});
