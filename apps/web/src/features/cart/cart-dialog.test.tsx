import { BUCHUNG_TEXTE, CART_MESSAGES, type Cart } from '@dihs/contract/cart';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, testSession } from '../../test/render.tsx';
import { cartApi } from './api/cart-api.ts';
import {
  anzeigeText,
  cartAnzeige,
  cartErgebnis,
  kannErneutZahlen,
  returnAbgebrochen,
  returnCartOf,
} from './cart-state.ts';
import { CartDialog } from './components/cart-dialog.tsx';
import { zahlungsseite } from './zahlungsseite.ts';

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
      therapeut: 'Thea Therapeutin',
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

function renderDialog(cart: Cart, initialPhase: 'uebersicht' | 'ergebnis' = 'uebersicht', zahlungAbgebrochen = false) {
  const zurZahlung = vi.spyOn(zahlungsseite, 'oeffnen').mockImplementation(() => {});
  const onGebucht = vi.fn();
  const onClose = vi.fn();
  renderWithApp(
    <CartDialog
      api={cartApi({ kind: 'patient' })}
      cart={cart}
      initialPhase={initialPhase}
      zahlungAbgebrochen={zahlungAbgebrochen}
      eigene
      gebuchtLink="/patient/termine?ta=angemeldet"
      onGebucht={onGebucht}
      onClose={onClose}
    />,
    { session: PATIENT },
  );
  return { onGebucht, onClose, zurZahlung, dialog: screen.getByRole('dialog', { name: 'Ihre Buchung' }) };
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

  it('tells a cancelled payment (no open address) from one still being confirmed, and that from unpaid', () => {
    const open = { ...KARTE, redirectUrl: '/api/zahlung/checkout/x' };
    expect(cartAnzeige(KARTE, true)).toBe('zahlungAbgebrochen');
    expect(cartAnzeige(open, true)).toBe('pruefen');
    expect(cartAnzeige(open, false)).toBe('unbezahlt');
    expect(cartAnzeige(PAID(KARTE), true)).toBe('bezahlt');
    expect(cartAnzeige({ ...KARTE, status: 'ABGELAUFEN' }, true)).toBe('abgelaufen');
    // back by the provider's cancel link: said at once even while the payment is still open there (Stripe)
    expect(cartAnzeige(open, true, true)).toBe('zahlungAbgebrochen');
    expect(cartAnzeige(PAID(open), true, true)).toBe('bezahlt');
    expect(cartAnzeige({ ...CART, redirectUrl: null }, true, true)).toBe('unbezahlt');
    // the reservation's end in Berlin time: nothing is lost until then
    expect(anzeigeText('zahlungAbgebrochen', KARTE)).toBe(BUCHUNG_TEXTE.zahlungAbgebrochen('01.12.2026, 11:30 Uhr'));
    expect(anzeigeText('unbezahlt', open)).toBe(
      `${CART_MESSAGES.unbezahlt} Ihre Termine bleiben bis 01.12.2026, 11:30 Uhr für Sie reserviert.`,
    );
  });

  it('reads the returned cart from ?cart={id} and refuses anything else in it', () => {
    expect(returnCartOf(new URLSearchParams('cart=11&b=x'))).toBe(11);
    expect(returnCartOf(new URLSearchParams('b=x'))).toBeNull();
    for (const bad of ['', 'abc', '0', '-1', '1e3', '99999999999', '2147483648'])
      expect(returnCartOf(new URLSearchParams({ cart: bad }))).toBe('ungueltig');
    expect(returnAbgebrochen(new URLSearchParams('cart=11&zahlung=abgebrochen'))).toBe(true);
    expect(returnAbgebrochen(new URLSearchParams('cart=11&zahlung=bezahlt'))).toBe(false);
  });
});

describe('CartDialog', () => {
  it('books a covered cart at once and confirms what, when, with whom and where', async () => {
    const fetchMock = stubFetch({ 'POST /api/cart/confirm/11': { body: PAID(CART) } });
    const { dialog, onGebucht, onClose, zurZahlung } = renderDialog(CART);
    expect(dialog).toHaveTextContent('Rückenschmerzen – Video-Einzeltermin');
    expect(dialog).toHaveTextContent('01.12.2026, 17:30 Uhr · bei Thea Therapeutin · Zahlung: Guthaben');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buchung bestätigen' }));
    const done = await screen.findByRole('dialog', { name: BUCHUNG_TEXTE.titel });
    expect(onGebucht).toHaveBeenCalledTimes(1);
    expect(within(done).getByRole('status')).toHaveTextContent(
      'Ihr Termin ist gebucht:Rückenschmerzen (Video-Einzeltermin) am 01.12.2026, 17:30 Uhr bei Thea Therapeutin',
    );
    expect(done).not.toHaveTextContent('Es hat alles geklappt.');
    expect(within(done).getByRole('link', { name: 'Gebuchte Termine' })).toHaveAttribute(
      'href',
      '/patient/termine?ta=angemeldet',
    );
    expect(done).toHaveTextContent(BUCHUNG_TEXTE.mail(null));
    expect(zurZahlung).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await userEvent.click(within(done).getByRole('button', { name: 'Schließen' }));
    expect(onClose).toHaveBeenCalledWith(true);
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
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/cart/patient/cancelPayment/11');
  });

  it('sends the same tab to the payment page, no second window', async () => {
    stubFetch({ 'POST /api/cart/confirm/11': { body: { ...KARTE, redirectUrl: '/api/zahlung/checkout/abc' } } });
    const open = vi.spyOn(window, 'open');
    const { dialog, onGebucht, zurZahlung } = renderDialog(KARTE);
    expect(dialog).toHaveTextContent('Zahlung: Zu bezahlen (25,00 €)');
    expect(dialog).toHaveTextContent(BUCHUNG_TEXTE.zahlungHinweis);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buchung bestätigen' }));
    await waitFor(() => expect(zurZahlung).toHaveBeenCalledWith('/api/zahlung/checkout/abc'));
    expect(open).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('status')).toHaveTextContent(BUCHUNG_TEXTE.weiterleitung);
    expect(within(dialog).getByRole('button', { name: 'Buchung bestätigen' })).toBeDisabled();
    expect(onGebucht).not.toHaveBeenCalled();
  });

  it('back from the payment page: waits for the confirmation, then shows the booking', async () => {
    const redirect = { ...KARTE, redirectUrl: '/api/zahlung/checkout/abc' };
    let reads = 0;
    stubFetch({ 'GET /api/cart/get/11': () => ({ body: ++reads < 2 ? redirect : PAID(redirect) }) });
    const { dialog, onGebucht, onClose } = renderDialog(redirect, 'ergebnis');
    expect(within(dialog).getByRole('status')).toHaveTextContent(BUCHUNG_TEXTE.pruefen);
    const done = await screen.findByRole('dialog', { name: BUCHUNG_TEXTE.titel }, { timeout: 6000 });
    expect(done).toHaveTextContent(
      'Ihr Termin ist gebucht:Rückenschmerzen (Video-Einzeltermin) am 01.12.2026, 17:30 Uhr',
    );
    expect(onGebucht).toHaveBeenCalledTimes(1);
    await userEvent.click(within(done).getByRole('link', { name: 'Gebuchte Termine' }));
    expect(onClose).toHaveBeenCalledWith(true);
  }, 10_000);

  it('back from a cancelled payment: says so, keeps the cart, and the retry goes to a new payment page', async () => {
    // the checkout was cancelled: the cart is read without an address; confirming again answers a new one
    stubFetch({
      'GET /api/cart/get/11': { body: KARTE },
      'POST /api/cart/confirm/11': { body: { ...KARTE, redirectUrl: '/api/zahlung/checkout/neu' } },
    });
    const { dialog, onClose, zurZahlung } = renderDialog(KARTE, 'ergebnis');
    expect(dialog).toHaveTextContent(BUCHUNG_TEXTE.zahlungAbgebrochen('01.12.2026, 11:30 Uhr'));
    // the items stay listed: nothing of the booking is lost
    expect(dialog).toHaveTextContent('Rückenschmerzen – Video-Einzeltermin');
    expect(within(dialog).getByRole('button', { name: 'Zurücksetzen' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(zurZahlung).toHaveBeenCalledWith('/api/zahlung/checkout/neu'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("back by the provider's cancel link while the payment is still open there: says so at once, retry continues it", async () => {
    const offen = { ...KARTE, redirectUrl: '/api/zahlung/checkout/abc' };
    stubFetch({ 'GET /api/cart/get/11': { body: offen }, 'POST /api/cart/confirm/11': { body: offen } });
    const { dialog, zurZahlung } = renderDialog(offen, 'ergebnis', true);
    expect(dialog).toHaveTextContent(BUCHUNG_TEXTE.zahlungAbgebrochen('01.12.2026, 11:30 Uhr'));
    expect(dialog).not.toHaveTextContent(BUCHUNG_TEXTE.pruefen);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(zurZahlung).toHaveBeenCalledWith('/api/zahlung/checkout/abc'));
  });

  it("names the patient in an operator's booking", () => {
    stubFetch({});
    renderWithApp(
      <CartDialog
        api={cartApi({ kind: 'betreiber', patientId: 9 })}
        cart={PAID(CART)}
        initialPhase="ergebnis"
        eigene={false}
        gebuchtLink="/betreiber/termine/patient/9?ta=angemeldet"
        onGebucht={vi.fn()}
        onClose={vi.fn()}
      />,
      { session: PATIENT },
    );
    const done = screen.getByRole('dialog', { name: BUCHUNG_TEXTE.titel });
    expect(done).toHaveTextContent('Der Termin für Paula Patientin ist gebucht:');
    expect(done).toHaveTextContent('Die Termine finden Sie im Terminplan von Paula Patientin unter Gebuchte Termine.');
    expect(done).toHaveTextContent(BUCHUNG_TEXTE.mail('Paula Patientin'));
  });
});
