import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_KINDS, type Guthaben, type GuthabenVerlauf } from '@dihs/contract/guthaben';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/users.table.ts';
import { accountWithBearer } from '../../test/payment-support.ts';
import { DEMO_ABO, DEMO_ABO_PAKETE } from '../abo/index.ts';
import { guthabenBuchungen } from './guthaben.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { guthabenEndpoints } from '@dihs/contract/guthaben';

let t: TestApp;
let operator: string;
let operatorId: number;
let patientId: number;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.bearer('betreiber@demo.de');
  const [op] = await t.db.select().from(users).where(eq(users.email, 'betreiber@demo.de'));
  operatorId = op!.id;
  const [patient] = await t.db.select().from(users).where(eq(users.email, 'patient@demo.de'));
  patientId = patient!.id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, bearer?: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer ? { authorization: bearer } : {} });
const store = (id: number, payload: unknown, bearer = operator) =>
  t.app.inject({
    method: 'POST',
    url: apiUrl(guthabenEndpoints.speichern, { params: { patientId: id } }),
    headers: { authorization: bearer },
    payload: payload as object,
  });
const current = async (id = patientId) =>
  (await get(apiUrl(guthabenEndpoints.vonPatient, { params: { patientId: id } }), operator)).json<Guthaben>();

describe('credit on profiles (operator)', () => {
  it("reads the demo patient's balance: all twelve fields, the seeded paid credit", async () => {
    const balance = await current();
    expect(Object.keys(balance).sort()).toEqual([...CREDIT_KINDS].sort());
    // the paid credit of guthaben.demo.ts, and the first interval of the demo subscription (abo.demo.ts)
    const demoAbo = DEMO_ABO_PAKETE.find((paket) => paket.title === DEMO_ABO.paket)!;
    expect(balance).toMatchObject({
      bezahltEinzelTermin: 3,
      bezahltGruppenTermin: 2,
      aboEinzelTermin: demoAbo.einzelTermineProQuartal,
      aboTrainingsplan: demoAbo.trainingsplaene,
    });
    expect(await (await get(apiUrl(guthabenEndpoints.eigenes), await t.bearer('patient@demo.de'))).json()).toEqual(
      balance,
    );
  });

  it('stores the full balance as differences, authored by the operator, and shows them in both histories', async () => {
    const before = await current();
    const target = {
      ...before,
      bezahltEinzelTermin: before.bezahltEinzelTermin + 2,
      rezeptBefundTermin: 4,
      bezahltGruppenTermin: 0,
    };
    const response = await store(patientId, target);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(target);
    expect(await current()).toEqual(target);
    const rows = await t.db
      .select()
      .from(guthabenBuchungen)
      .where(and(eq(guthabenBuchungen.patientUserId, patientId), eq(guthabenBuchungen.authorUserId, operatorId)));
    expect(rows.map((r) => [r.kind, r.delta]).sort()).toEqual(
      [
        ['bezahltEinzelTermin', 2],
        ['bezahltGruppenTermin', -before.bezahltGruppenTermin],
        ['rezeptBefundTermin', 4],
      ].sort(),
    );
    // storing the same balance again books nothing
    expect((await store(patientId, target)).statusCode).toBe(200);
    expect(
      await t.db.select().from(guthabenBuchungen).where(eq(guthabenBuchungen.authorUserId, operatorId)),
    ).toHaveLength(3);

    const own = (
      await get(apiUrl(guthabenEndpoints.eigenerVerlauf), await t.bearer('patient@demo.de'))
    ).json<GuthabenVerlauf>();
    expect(own.eintraege.filter((e) => e.durchBetreiber)).toHaveLength(3);
    // newest first: the operator's three, then the seed's own (the demo subscription's grants and the starting credit)
    expect(own.eintraege.slice(0, 3).every((e) => e.durchBetreiber)).toBe(true);
    expect(own.eintraege.slice(3).every((e) => !e.durchBetreiber)).toBe(true);
    expect(own.eintraege.some((e) => e.grund === 'Startguthaben (Demo)')).toBe(true);
    const seen = (
      await get(apiUrl(guthabenEndpoints.verlaufVonPatient, { params: { patientId } }), operator)
    ).json<GuthabenVerlauf>();
    expect(seen.eintraege).toEqual(own.eintraege);
  });

  it.each([
    ['a negative balance', { bezahltEinzelTermin: -1 }, 'Bitte eine ganze Zahl ab 0 eingeben.'],
    ['a fraction', { aboTrainingsplan: 1.5 }, 'Bitte eine ganze Zahl ab 0 eingeben.'],
    ['text', { rezeptEinzelTermin: '3' }, 'Bitte eine ganze Zahl ab 0 eingeben.'],
    ['null', { rezeptEinzelTermin: null }, 'Bitte eine ganze Zahl ab 0 eingeben.'],
    ['a huge number', { bezahltTelefonTermin: 10_001 }, 'Höchstens 10000 sind möglich.'],
  ])('refuses %s with 400 and changes nothing', async (_, change, message) => {
    const before = await current();
    const response = await store(patientId, { ...before, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect(await current()).toEqual(before);
  });

  it('refuses a body without every field, or with unknown fields', async () => {
    const before = await current();
    const { aboTrainingsplan: _, ...partial } = before;
    expect((await store(patientId, partial)).statusCode).toBe(400);
    expect((await store(patientId, { ...before, gutschein: 1 })).statusCode).toBe(400);
    expect((await store(patientId, [])).statusCode).toBe(400);
  });

  it('needs GUTHABEN_AENDERN to store, an operator with a privilege of the task to read; nobody else', async () => {
    const plain = await accountWithBearer(t, 'BETREIBER');
    const before = await current();
    // need-to-know: an operator without any patient privilege reads no credit (docs/decisions.md)
    expect((await get(apiUrl(guthabenEndpoints.vonPatient, { params: { patientId } }), plain.bearer)).statusCode).toBe(
      403,
    );
    expect((await store(patientId, { ...before, aboEinzelTermin: 9 }, plain.bearer)).statusCode).toBe(403);
    const patient = await t.bearer('patient@demo.de');
    const therapist = await t.bearer('therapeut@demo.de');
    for (const bearer of [patient, therapist]) {
      expect((await get(apiUrl(guthabenEndpoints.vonPatient, { params: { patientId } }), bearer)).statusCode).toBe(403);
      expect(
        (await get(apiUrl(guthabenEndpoints.verlaufVonPatient, { params: { patientId } }), bearer)).statusCode,
      ).toBe(403);
      expect((await store(patientId, before, bearer)).statusCode).toBe(403);
    }
    expect((await get(apiUrl(guthabenEndpoints.vonPatient, { params: { patientId } }))).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: apiUrl(guthabenEndpoints.speichern, { params: { patientId } }),
          payload: before,
        })
      ).statusCode,
    ).toBe(401);
    expect(await current()).toEqual(before);
  });

  it('answers 404 for ids that are not patients, 400 for malformed ids', async () => {
    const [therapist] = await t.db.select().from(users).where(eq(users.email, 'therapeut@demo.de'));
    const before = await current();
    for (const id of [therapist!.id, operatorId, 999_999]) {
      expect(
        (await get(apiUrl(guthabenEndpoints.vonPatient, { params: { patientId: id } }), operator)).statusCode,
      ).toBe(404);
      expect((await store(id, before)).statusCode).toBe(404);
    }
    expect(
      (await get(apiUrl(guthabenEndpoints.vonPatient, { params: { patientId: 'abc' } }), operator)).statusCode,
    ).toBe(400);
    expect((await store(0, before)).statusCode).toBe(400);
  });
});
