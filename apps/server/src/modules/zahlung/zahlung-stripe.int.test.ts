import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guthaben, GuthabenAngebot, GuthabenBuchung } from '@dihs/contract/guthaben';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { zahlungen, zahlungEvents } from './zahlung.table.ts';
import { tokenOf } from '../../test/payment-support.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { guthabenEndpoints } from '@dihs/contract/guthaben';
import { zahlungEndpoints } from '@dihs/contract/zahlung';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_platform';
const PUBLIC_URL = 'http://plattform.test';

/** A stand-in for Stripe's API on loopback: answers Checkout Session creation and remembers the requests. */
interface FakeStripe {
  url: string;
  requests: { body: URLSearchParams; idempotencyKey: string | undefined }[];
  close(): Promise<void>;
}
async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"unbekannt"}}');
        return;
      }
      const body = new URLSearchParams(raw);
      const key = request.headers['idempotency-key'];
      requests.push({ body, idempotencyKey: Array.isArray(key) ? key[0] : key });
      const id = `cs_test_${body.get('client_reference_id')}`;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let fake: FakeStripe;
let patient: string;
let offers: GuthabenAngebot[];
const stripe = new Stripe('sk_test_platform');

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_platform',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    PUBLIC_URL,
  });
  patient = await t.bearer('patient@demo.de');
  offers = (await get(apiUrl(guthabenEndpoints.angebote), patient)).json<GuthabenAngebot[]>();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function get(url: string, bearer?: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer ? { authorization: bearer } : {} });
}
const balance = async () => (await get(apiUrl(guthabenEndpoints.eigenes), patient)).json<Guthaben>();
const check = async (id: number) =>
  (await get(apiUrl(guthabenEndpoints.buchung, { params: { buchungId: id } }), patient)).json<GuthabenBuchung>();

/** Posts a Stripe event signed with the package's own test helper. */
function postStripeEvent(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: apiUrl(zahlungEndpoints.webhookStripe),
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

const sessionEvent = (id: string, type: string, paymentId: number, session: Record<string, unknown> = {}) => ({
  id,
  object: 'event',
  type,
  data: {
    object: {
      id: `cs_test_${paymentId}`,
      object: 'checkout.session',
      client_reference_id: String(paymentId),
      metadata: { zahlungId: String(paymentId) },
      payment_status: 'paid',
      payment_intent: `pi_${paymentId}`,
      amount_total: 4900,
      ...session,
    },
  },
});

async function orderStarter() {
  const starter = offers.find((o) => o.titel === 'Starter')!;
  const url = (
    await get(apiUrl(guthabenEndpoints.bestellen, { params: { offerId: starter.guthabenAngebotId } }), patient)
  ).body;
  const start = await get(url);
  expect(start.statusCode).toBe(303);
  const [payment] = await t.db
    .select()
    .from(zahlungen)
    .where(eq(zahlungen.checkoutToken, tokenOf(url)));
  return { url, start, paymentId: payment!.id, orderId: payment!.referenceId };
}

describe('Stripe Checkout', () => {
  it('creates a Checkout Session when the payment address is opened and sends the browser there', async () => {
    const { url, start, paymentId, orderId } = await orderStarter();
    expect(start.headers.location).toBe(`https://checkout.stripe.test/c/pay/cs_test_${paymentId}`);
    const request = fake.requests.at(-1)!;
    expect(request.body.get('mode')).toBe('payment');
    expect(request.body.get('client_reference_id')).toBe(String(paymentId));
    expect(request.body.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(request.body.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(request.body.get('line_items[0][price_data][product_data][name]')).toBe('Guthabenpaket Starter');
    expect(request.body.get('success_url')).toBe(`${PUBLIC_URL}/guthaben/${orderId}`);
    expect(request.body.get('cancel_url')).toBe(`${PUBLIC_URL}/guthaben/${orderId}?zahlung=abgebrochen`);
    expect(request.idempotencyKey).toBe(`zahlung-${paymentId}-4900`);
    const [payment] = await t.db.select().from(zahlungen).where(eq(zahlungen.id, paymentId));
    expect(payment).toMatchObject({ provider: 'stripe', providerRef: `cs_test_${paymentId}`, status: 'PENDING' });
    // opening it again reuses the idempotency key, so Stripe answers the same session
    await get(url);
    expect(fake.requests.at(-1)!.idempotencyKey).toBe(`zahlung-${paymentId}-4900`);
  });

  it('credits once on checkout.session.completed, however often it arrives, and reverses on charge.refunded', async () => {
    const before = await balance();
    const { paymentId, orderId } = await orderStarter();
    const completed = sessionEvent(`evt_done_${paymentId}`, 'checkout.session.completed', paymentId);
    const responses = await Promise.all(Array.from({ length: 20 }, () => postStripeEvent(completed)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // a second event id for the same success (async_payment_succeeded) changes nothing either
    expect(
      (
        await postStripeEvent(
          sessionEvent(`evt_async_${paymentId}`, 'checkout.session.async_payment_succeeded', paymentId),
        )
      ).statusCode,
    ).toBe(200);
    const after = await balance();
    expect(after.bezahltEinzelTermin).toBe(before.bezahltEinzelTermin + 3);
    expect(await check(orderId)).toMatchObject({ status: 'PAID', transactionId: `pi_${paymentId}` });

    const refund = {
      id: `evt_refund_${paymentId}`,
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: `ch_${paymentId}`, object: 'charge', payment_intent: `pi_${paymentId}`, refunded: true } },
    };
    expect((await postStripeEvent(refund)).statusCode).toBe(200);
    expect((await balance()).bezahltEinzelTermin).toBe(before.bezahltEinzelTermin);
    expect((await check(orderId)).status).toBe('REFUNDED');
  });

  it('keeps an unpaid completion (delayed method) pending and cancels on expiry', async () => {
    const { paymentId, orderId } = await orderStarter();
    await postStripeEvent(
      sessionEvent(`evt_unpaid_${paymentId}`, 'checkout.session.completed', paymentId, { payment_status: 'unpaid' }),
    );
    expect((await check(orderId)).status).toBe('PENDING');
    await postStripeEvent(
      sessionEvent(`evt_exp_${paymentId}`, 'checkout.session.expired', paymentId, { payment_status: 'unpaid' }),
    );
    expect((await check(orderId)).status).toBe('CANCELLED');
  });

  it('refuses bad signatures, wrong amounts and unknown payments; acknowledges unused event types', async () => {
    const { paymentId, orderId } = await orderStarter();
    const event = sessionEvent(`evt_bad_${paymentId}`, 'checkout.session.completed', paymentId);
    expect((await postStripeEvent(event, 'whsec_someone_else')).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: apiUrl(zahlungEndpoints.webhookStripe),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    // the signature covers the exact bytes: re-serialised JSON with other spacing fails
    const payload = JSON.stringify(event);
    const tampered = await t.app.inject({
      method: 'POST',
      url: apiUrl(zahlungEndpoints.webhookStripe),
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload: JSON.stringify(event, null, 1),
    });
    expect(tampered.statusCode).toBe(400);
    const wrongAmount = await postStripeEvent(
      sessionEvent(`evt_amount_${paymentId}`, 'checkout.session.completed', paymentId, { amount_total: 100 }),
    );
    expect(wrongAmount.statusCode).toBe(400);
    expect((await postStripeEvent(sessionEvent('evt_unknown', 'checkout.session.completed', 987_654))).statusCode).toBe(
      404,
    );
    const refundUnknown = {
      id: 'evt_refund_unknown',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_x', object: 'charge', payment_intent: 'pi_unknown', refunded: true } },
    };
    expect((await postStripeEvent(refundUnknown)).statusCode).toBe(404);
    const other = {
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    };
    expect((await postStripeEvent(other)).statusCode).toBe(200);
    expect(await t.db.select().from(zahlungEvents).where(eq(zahlungEvents.providerEventId, 'evt_other'))).toEqual([]);
    expect((await check(orderId)).status).toBe('PENDING');
  });

  it('offers no sandbox in Stripe mode', async () => {
    const { url } = await orderStarter();
    expect((await get(apiUrl(zahlungEndpoints.sandboxSeite, { params: { token: tokenOf(url) } }))).statusCode).toBe(
      404,
    );
    const sandboxHook = await t.app.inject({
      method: 'POST',
      url: apiUrl(zahlungEndpoints.webhookSandbox),
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(sandboxHook.statusCode).toBe(404);
    expect(t.app.zahlungSandbox).toBeUndefined();
  });
});
