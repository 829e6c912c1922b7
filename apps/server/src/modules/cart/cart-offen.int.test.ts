import { describe, expect, it } from 'vitest';
import { CART_MESSAGES, cartEndpoints, OFFENE_BUCHUNG_CODE, type Cart } from '@dihs/contract/cart';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { accountWithBearer } from '../../test/payment-support.ts';
import { insertCartUnlessOpen } from './cart.repository.ts';
import { cartSuite } from './cart.test-support.ts';
import { findOpenCart } from './index.ts';

// Issue 15 item 4: an open cart is found again, released at once, and a patient holds one at a time.
const s = cartSuite();
const h = s.h;
const MINUTE = 60_000;

const offen = (bearer: string) => h.inject('GET', apiUrl(cartEndpoints.offen), bearer);
const release = (bearer: string, cartId: number) =>
  h.inject('GET', apiUrl(cartEndpoints.zuruecksetzen, { params: { cartId } }), bearer);

describe('the open booking', () => {
  it('is answered after a reload, refuses a second cart, and releases seats and credit at once', async () => {
    const p = await accountWithBearer(s.t, 'PATIENT');
    await h.grant(p.id, { bezahltGruppenTermin: 1 });
    const a = await h.termin();
    const b = await h.termin();
    expect((await offen(p.bearer)).json()).toBeNull();

    const cart = await h.createOk(p.bearer, [a.id]);
    const shown = await offen(p.bearer);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<Cart>()).toMatchObject({ cartId: cart.cartId, status: 'OFFEN', items: [{ terminId: a.id }] });
    expect((await findOpenCart(s.t.db, p.id, s.clock))?.id).toBe(cart.cartId);

    // a second "Buchen" (and a direct booking) is refused while the first holds its seats
    for (const second of [await h.create(p.bearer, [b.id]), await h.create(p.bearer, [a.id, b.id])]) {
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ message: CART_MESSAGES.offeneBuchung, code: OFFENE_BUCHUNG_CODE });
    }
    const direkt = await h.inject('GET', apiUrl(cartEndpoints.anmelden, { params: { id: b.id } }), p.bearer);
    expect(direkt.statusCode).toBe(409);
    expect(await h.counterOf(b.id)).toBe(0);
    expect((await h.balance(p.id)).bezahltGruppenTermin).toBe(0);

    // release: seat and credit back in the same answer
    const released = await release(p.bearer, cart.cartId);
    expect(released.json<Cart>().status).toBe('ABGEBROCHEN');
    expect(await h.counterOf(a.id)).toBe(0);
    expect((await h.balance(p.id)).bezahltGruppenTermin).toBe(1);
    expect((await offen(p.bearer)).json()).toBeNull();
    // and the next booking is possible again
    expect((await h.create(p.bearer, [b.id])).statusCode).toBe(200);
  });

  it('shows another patient nothing of it, and an expired cart neither blocks nor shows', async () => {
    const p = await accountWithBearer(s.t, 'PATIENT');
    const other = await accountWithBearer(s.t, 'PATIENT');
    await h.grant(p.id, { bezahltGruppenTermin: 2 });
    const a = await h.termin();
    const cart = await h.createOk(p.bearer, [a.id]);
    expect((await offen(other.bearer)).json()).toBeNull();
    expect((await release(other.bearer, cart.cartId)).statusCode).toBe(404);

    const saved = s.clock;
    try {
      s.clock = new Date(new Date(cart.expiresAt).getTime() + MINUTE);
      expect((await offen(p.bearer)).json()).toBeNull();
      // the expired cart is released before the new one is made (the timeout job had not run yet)
      const next = await h.create(p.bearer, [a.id]);
      expect(next.statusCode).toBe(200);
      expect(await h.counterOf(a.id)).toBe(1);
      expect((await h.balance(p.id)).bezahltGruppenTermin).toBe(1);
    } finally {
      s.clock = saved;
    }
  });

  it('is one per patient in the database too, but an operator booking for the patient is not counted', async () => {
    const p = await accountWithBearer(s.t, 'PATIENT');
    const operator = await accountWithBearer(s.t, 'BETREIBER');
    const values = { patientUserId: p.id, createdAt: s.clock, expiresAt: new Date(s.clock.getTime() + 30 * MINUTE) };
    const insert = (createdByUserId: number) =>
      s.t.db.transaction((tx) => insertCartUnlessOpen(tx, { ...values, createdByUserId }));
    expect(await insert(p.id)).toMatchObject({ patientUserId: p.id, status: 'OFFEN' });
    // the index refuses the second own open cart: the insert answers nothing instead of a second row
    expect(await insert(p.id)).toBeUndefined();
    expect(await insert(operator.id)).toMatchObject({ patientUserId: p.id, createdByUserId: operator.id });
  });

  it('refuses anonymous callers and other roles', async () => {
    const therapist = await accountWithBearer(s.t, 'THERAPEUT');
    expect((await h.inject('GET', apiUrl(cartEndpoints.offen))).statusCode).toBe(401);
    expect((await offen(therapist.bearer)).statusCode).toBe(403);
  });
});
