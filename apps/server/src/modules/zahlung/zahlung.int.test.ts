import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Zahlung } from '@dihs/contract/zahlung';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountWithBearer, postSandboxWebhook, pressSandboxButton, tokenOf } from '../../test/payment-support.ts';
import { MODULES } from '../index.ts';
import { cancelPayment, createPayment, type PaymentListener } from './zahlung.service.ts';
import { zahlungen } from './zahlung.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { zahlungEndpoints } from '@dihs/contract/zahlung';

let t: TestApp;
let operator: string;
/** The WARENKORB listener of this app: the tests below watch and break it. */
let warenkorbListener: PaymentListener = async () => {};
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      modules: MODULES.map((module) =>
        module.name === 'cart'
          ? { ...module, paymentListeners: () => ({ WARENKORB: (...args) => warenkorbListener(...args) }) }
          : module,
      ),
    },
  );
  operator = await t.bearer('betreiber@demo.de');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, bearer?: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer ? { authorization: bearer } : {} });
const sample = (payload: unknown, bearer = operator) =>
  t.app.inject({
    method: 'POST',
    url: apiUrl(zahlungEndpoints.beispiel),
    headers: { authorization: bearer },
    payload: payload as object,
  });

describe('payment redirect page data', () => {
  it('answers null for a user without payments, and 401 for a visitor', async () => {
    const fresh = await accountWithBearer(t, 'PATIENT');
    const none = await get(apiUrl(zahlungEndpoints.neueste), fresh.bearer);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await get(apiUrl(zahlungEndpoints.neueste))).statusCode).toBe(401);
  });

  it('answers the newest own payment with its fields, and follows its status', async () => {
    const first = await sample({ description: 'Erste Probe', amount: 100 });
    expect(first.statusCode).toBe(200);
    const second = await sample({ description: 'Zweite Probe', amount: 1234 });
    const token = tokenOf(second.body);
    const recent = (await get(apiUrl(zahlungEndpoints.neueste), operator)).json<Zahlung>();
    expect(recent).toMatchObject({
      status: 'PENDING',
      beschreibung: 'Zweite Probe',
      betragCent: 1234,
      zweck: 'BEISPIEL',
      anbieter: null,
      transaktionsnummer: null,
      zahlungsLink: apiUrl(zahlungEndpoints.checkout, { params: { token } }),
    });
    expect(recent.zurueck).toBe(`/payment/${recent.zahlungId}`);

    await get(apiUrl(zahlungEndpoints.checkout, { params: { token } }));
    const back = await pressSandboxButton(t, token, 'bezahlen');
    expect(back.headers.location).toBe(`/payment/${recent.zahlungId}`);
    await t.app.zahlungSandbox!.idle();
    const paid = (
      await get(apiUrl(zahlungEndpoints.eine, { params: { id: recent.zahlungId } }), operator)
    ).json<Zahlung>();
    expect(paid).toMatchObject({ status: 'PAID', anbieter: 'sandbox', zahlungsLink: null });
    expect(paid.transaktionsnummer).toMatch(/^SBX-/);
  });

  it('shows a payment only to its owner and to operators with ZAHLUNGEN_VERWALTEN', async () => {
    const patient = await t.bearer('patient@demo.de');
    const mine = await sample({ description: 'Nur für mich', amount: 500 });
    const id = (await get(apiUrl(zahlungEndpoints.neueste), operator)).json<Zahlung>().zahlungId;
    expect(mine.statusCode).toBe(200);
    expect((await get(apiUrl(zahlungEndpoints.eine, { params: { id } }), patient)).statusCode).toBe(404);
    const plainOperator = await accountWithBearer(t, 'BETREIBER');
    expect((await get(apiUrl(zahlungEndpoints.eine, { params: { id } }), plainOperator.bearer)).statusCode).toBe(404);
    const payer = await accountWithBearer(t, 'BETREIBER', ['ZAHLUNGEN_VERWALTEN']);
    const seen = (await get(apiUrl(zahlungEndpoints.eine, { params: { id } }), payer.bearer)).json<Zahlung>();
    // another operator sees the payment but not the owner's continue link
    expect(seen).toMatchObject({ zahlungId: id, zahlungsLink: null });
    expect((await get(apiUrl(zahlungEndpoints.eine, { params: { id: 999999 } }), operator)).statusCode).toBe(404);
    expect((await get(apiUrl(zahlungEndpoints.eine, { params: { id: 'abc' } }), operator)).statusCode).toBe(400);
    expect((await get(apiUrl(zahlungEndpoints.eine, { params: { id } }))).statusCode).toBe(401);
  });
});

describe('POST /api/payment/sample/', () => {
  it('needs an operator with ZAHLUNGEN_VERWALTEN', async () => {
    const plainOperator = await accountWithBearer(t, 'BETREIBER');
    expect((await sample({ description: 'x', amount: 1 }, plainOperator.bearer)).statusCode).toBe(403);
    expect((await sample({ description: 'x', amount: 1 }, await t.bearer('patient@demo.de'))).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: apiUrl(zahlungEndpoints.beispiel),
          payload: { description: 'x', amount: 1 },
        })
      ).statusCode,
    ).toBe(401);
  });

  it.each([
    [{ description: 'x', amount: -5 }, 'Der Betrag muss größer als 0 sein.'],
    [{ description: 'x', amount: 0 }, 'Der Betrag muss größer als 0 sein.'],
    [{ description: 'x', amount: 12.5 }, 'Der Betrag muss eine ganze Zahl von Cent sein.'],
    [{ description: 'x', amount: '100' }, 'Der Betrag muss eine ganze Zahl von Cent sein.'],
    [{ description: 'x', amount: 100_001 }, 'Der Betrag darf höchstens 1.000,00 € sein.'],
    [{ description: '  ', amount: 100 }, 'Die Beschreibung darf nicht leer sein.'],
    [{ description: 'x'.repeat(201), amount: 100 }, 'Die Beschreibung darf höchstens 200 Zeichen haben.'],
    [{ description: 'x', amount: 100, extra: 1 }, ''],
  ])('refuses %j with 400', async (payload, message) => {
    const response = await sample(payload);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json<{ message: string }>().message).toContain(message);
  });
});

describe('payment service for other modules', () => {
  it('refuses amounts that are not positive whole cents and foreign return addresses', async () => {
    const patient = await accountWithBearer(t, 'PATIENT');
    const base = { userId: patient.id, purpose: 'WARENKORB' as const, referenceId: 1, description: 'Warenkorb' };
    for (const amountCents of [0, -1, 1.5, Number.NaN]) {
      await expect(t.db.transaction((tx) => createPayment(tx, { ...base, amountCents }))).rejects.toMatchObject({
        statusCode: 400,
      });
    }
    for (const returnPath of ['https://evil.example/x', '//evil.example', 'relativ']) {
      await expect(
        t.db.transaction((tx) => createPayment(tx, { ...base, amountCents: 100, returnPath })),
      ).rejects.toMatchObject({ statusCode: 400 });
    }
  });

  it('calls the purpose listener once per change inside the transaction, and cancels only open payments', async () => {
    const calls: string[] = [];
    const record: PaymentListener = async (_tx, payment, newStatus, previous) => {
      calls.push(`${payment.id}:${previous}->${newStatus}`);
    };
    warenkorbListener = record;
    const patient = await accountWithBearer(t, 'PATIENT');
    const created = await t.db.transaction((tx) =>
      createPayment(tx, {
        userId: patient.id,
        purpose: 'WARENKORB',
        referenceId: 42,
        amountCents: 2500,
        description: 'Warenkorb 42',
        returnPath: '/patient/termine',
      }),
    );
    await get(created.redirectUrl);
    // the owning module cancels with its own listener (no registry: erasure and jobs cancel outside the app)
    expect(await t.db.transaction((tx) => cancelPayment(tx, created.paymentId, record))).toBe('CANCELLED');
    expect(await t.db.transaction((tx) => cancelPayment(tx, created.paymentId, record))).toBe('CANCELLED');
    expect(calls).toEqual([`${created.paymentId}:PENDING->CANCELLED`]);
    // the provider took the money after all: PAID still arrives and is applied
    await postSandboxWebhook(t, 'payment.paid', created.paymentId);
    expect(calls).toEqual([`${created.paymentId}:PENDING->CANCELLED`, `${created.paymentId}:CANCELLED->PAID`]);
    expect(await t.db.transaction((tx) => cancelPayment(tx, created.paymentId, record))).toBe('PAID');
    await expect(t.db.transaction((tx) => cancelPayment(tx, 999_999))).rejects.toMatchObject({ statusCode: 404 });

    // a listener that fails rolls the status change back, and the event may be delivered again
    const failing = await t.db.transaction((tx) =>
      createPayment(tx, {
        userId: patient.id,
        purpose: 'WARENKORB',
        referenceId: 43,
        amountCents: 100,
        description: 'Warenkorb 43',
      }),
    );
    await get(failing.redirectUrl);
    warenkorbListener = () => Promise.reject(new Error('kaputt'));
    const refused = await postSandboxWebhook(t, 'payment.paid', failing.paymentId, { eventId: 'evt-retry-43' });
    expect(refused.statusCode).toBe(500);
    const [still] = await t.db.select().from(zahlungen).where(eq(zahlungen.id, failing.paymentId));
    expect(still!.status).toBe('PENDING');
    warenkorbListener = async () => {};
    expect(
      (await postSandboxWebhook(t, 'payment.paid', failing.paymentId, { eventId: 'evt-retry-43' })).statusCode,
    ).toBe(200);
    const [now] = await t.db.select().from(zahlungen).where(eq(zahlungen.id, failing.paymentId));
    expect(now!.status).toBe('PAID');
  });
});
