import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuthabenAngebot } from '@dihs/contract/guthaben';
import { accountWithBearer, postSandboxWebhook, tokenOf } from '../../test/payment-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cartHelpers } from '../cart/cart.test-support.ts';
import { warenkoerbe } from '../cart/cart.table.ts';
import { guthabenBuchungen } from '../guthaben/guthaben.table.ts';
import { zahlungen, zahlungEvents } from './zahlung.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { guthabenEndpoints } from '@dihs/contract/guthaben';

const clock = new Date();
let t: TestApp;
let starterId: number;
const h = cartHelpers(
  () => t,
  () => clock,
);

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const offers = (await get(apiUrl(guthabenEndpoints.angebote), await t.bearer('patient@demo.de'))).json<
    GuthabenAngebot[]
  >();
  starterId = offers.find((o) => o.titel === 'Starter')!.guthabenAngebotId;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const get = (url: string, bearer?: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer ? { authorization: bearer } : {} });

/** Opens the payment address, so the payment belongs to the sandbox provider; answers the payment's id. */
async function openCheckout(url: string): Promise<number> {
  const token = tokenOf(url);
  expect((await get(url)).statusCode).toBe(303);
  const [payment] = await t.db.select().from(zahlungen).where(eq(zahlungen.checkoutToken, token));
  return payment!.id;
}

/** A fresh patient orders the Starter package (3 + 2 + 1 credits); answers its payment. */
async function creditOrder(): Promise<number> {
  const patient = await accountWithBearer(t, 'PATIENT');
  const response = await get(apiUrl(guthabenEndpoints.bestellen, { params: { offerId: starterId } }), patient.bearer);
  expect(response.statusCode).toBe(200);
  return openCheckout(response.body);
}

/** Distinct signed events (each its own id) for one payment, all sent at once. */
const burst = (paymentId: number, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      postSandboxWebhook(t, i % 5 === 4 ? 'payment.failed' : 'payment.paid', paymentId, {
        transactionId: `SBX-${paymentId}`,
      }),
    ),
  );

const creditEntries = (paymentId: number) =>
  t.db
    .select()
    .from(guthabenBuchungen)
    .where(eq(guthabenBuchungen.reference, `zahlung:${paymentId}`));

describe('concurrent payment events', () => {
  it('50 distinct events for one credit payment at once: no 5xx, every event recorded, credit granted once', async () => {
    const paymentId = await creditOrder();
    const responses = await burst(paymentId, 50);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await creditEntries(paymentId)).toHaveLength(3);
    const events = await t.db.select().from(zahlungEvents).where(eq(zahlungEvents.zahlungId, paymentId));
    expect(events).toHaveLength(50);
    const [payment] = await t.db.select().from(zahlungen).where(eq(zahlungen.id, paymentId));
    expect(payment).toMatchObject({ status: 'PAID', transactionId: `SBX-${paymentId}` });
  });

  it('2 distinct events at once, 20 times: never a 5xx, the credit once each time', async () => {
    for (let round = 0; round < 20; round++) {
      const paymentId = await creditOrder();
      const responses = await burst(paymentId, 2);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await creditEntries(paymentId)).toHaveLength(3);
    }
  });

  it('50 distinct events for one cart payment at once: no 5xx, the seat booked once and no credit instead', async () => {
    const patient = await accountWithBearer(t, 'PATIENT');
    const termin = await h.termin({ termintyp: 'EINZEL', maxTeilnehmer: 1 });
    const cart = await h.createOk(patient.bearer, [termin.id]);
    expect(cart.redirectUrl).toBeTruthy();
    const paymentId = await openCheckout(cart.redirectUrl!);

    const responses = await burst(paymentId, 50);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const [row] = await t.db.select().from(warenkoerbe).where(eq(warenkoerbe.id, cart.cartId));
    expect(row!.status).toBe('BEZAHLT');
    const seats = (await h.seatsOf(termin.id)).filter((s) => s.status === 'GEBUCHT');
    expect(seats).toHaveLength(1);
    expect(await h.counterOf(termin.id)).toBe(1);
    // a second application would have turned the already paid seat into credit
    expect(await creditEntries(paymentId)).toHaveLength(0);
  });
});
