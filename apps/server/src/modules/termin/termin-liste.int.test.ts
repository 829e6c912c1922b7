import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminPageSchema, type TerminPage } from '@dihs/contract/termin';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/users.table.ts';
import { reserveSeat } from './index.ts';
import { TOTAL_WINDOW } from '../../db/paging.ts';
import { termine } from './termin.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { terminEndpoints } from '@dihs/contract/termin';

// The list queries page in SQL and bound their count (issue 5 "List endpoints … stay fast"); these tests pin the
// answers that must not change with that: order, page limits, the kinds' meaning, and the bounded total.
const clock = new Date();
let t: TestApp;
let patient: string;
let admin: string;
let patientId: number;
let therapeutId: number;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  patient = await t.bearer('patient@demo.de');
  admin = await t.bearer('betreiber@demo.de');
  const id = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  patientId = await id('patient@demo.de');
  therapeutId = await id('therapeut@demo.de');
}, 60_000);
afterAll(() => t.close());

/**
 * The lists are written by their schema (schemaSerializer), not checked by zod: each answer must still be exactly
 * what the response schema makes of it (declared fields, declared types).
 */
const get = async (url: string, authorization: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization } });
  expect(response.statusCode).toBe(200);
  const page = response.json<TerminPage>();
  expect(terminPageSchema.parse(page)).toStrictEqual(page);
  return page;
};

/** `n` active appointments with this Befund, one an hour from tomorrow on; answers their ids in start order. */
async function insertTermine(befund: string, n: number, termintyp: 'GRUPPE' | 'TELEFON' = 'GRUPPE') {
  const rows = await t.db
    .insert(termine)
    .values(
      Array.from({ length: n }, (_, i) => ({
        datum: new Date(clock.getTime() + 86_400_000 + (i + 1) * 3_600_000),
        dauer: 30,
        termintyp,
        befund,
        details: 'Liste',
        therapeutUserId: therapeutId,
        maxTeilnehmer: 8,
        status: 'AKTIV' as const,
      })),
    )
    .returning({ id: termine.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe('list paging and the bounded total', () => {
  let all: number[];
  beforeAll(async () => {
    all = await insertTermine('Listenprobe', TOTAL_WINDOW + 200);
  });

  it('the patient plan pages in start order; total is exact up to 1,000 past the page start, then capped', async () => {
    const first = await get(`${apiUrl(terminEndpoints.patientAlle)}?b=Listenprobe&size=200`, patient);
    expect(first.items.map((i) => i.id)).toEqual(all.slice(0, 200));
    expect(first).toMatchObject({ total: TOTAL_WINDOW, totalCapped: true });
    // from the second page on the bound (200 + 1,000) covers every match, so the count is exact again
    const second = await get(`${apiUrl(terminEndpoints.patientAlle)}?b=Listenprobe&size=200&page=1`, patient);
    expect(second.items.map((i) => i.id)).toEqual(all.slice(200, 400));
    expect(second).toMatchObject({ total: TOTAL_WINDOW + 200, totalCapped: false });
    const last = await get(`${apiUrl(terminEndpoints.patientAlle)}?b=Listenprobe&size=200&page=6`, patient);
    expect(last).toMatchObject({ items: [], total: TOTAL_WINDOW + 200, totalCapped: false });
    // a page that is not full tells the total by itself
    const partial = await get(`${apiUrl(terminEndpoints.patientAlle)}?b=Listenprobe&size=160&page=7`, patient);
    expect(partial.items.map((i) => i.id)).toEqual(all.slice(1120));
    expect(partial).toMatchObject({ total: TOTAL_WINDOW + 200, totalCapped: false });
    const none = await get(`${apiUrl(terminEndpoints.patientAlle)}?b=Listenprobe&typen=EINZEL`, patient);
    expect(none).toMatchObject({ items: [], total: 0, totalCapped: false });
  });

  it('the operator list bounds its total the same way', async () => {
    const capped = await get(`${apiUrl(terminEndpoints.betreiberAlle)}?size=10`, admin);
    expect(capped).toMatchObject({ total: TOTAL_WINDOW, totalCapped: true });
    const tel = await insertTermine('Telefonprobe', 3, 'TELEFON');
    const exact = await get(`${apiUrl(terminEndpoints.betreiberAlle)}?typen=TELEFON&size=200`, admin);
    expect(exact.totalCapped).toBe(false);
    expect(exact.total).toBe(exact.items.length);
    expect(exact.items.map((i) => i.id)).toEqual(expect.arrayContaining(tel));
  });

  it('own seats keep the kinds: frei leaves them out, angemeldet and alle show them, also after a cancellation', async () => {
    const [booked, reserved, free] = await insertTermine('Sitzprobe', 3);
    const seat = (terminId: number, status: 'GEBUCHT' | 'RESERVIERT') =>
      t.db.transaction((tx) =>
        reserveSeat(tx, { terminId, patientUserId: patientId, zahlungsart: 'KARTE', status, now: clock }),
      );
    await seat(booked!, 'GEBUCHT');
    await seat(reserved!, 'RESERVIERT');
    const ids = async (query: string) =>
      (await get(`${apiUrl(terminEndpoints.patientAlle)}?b=Sitzprobe&${query}`, patient)).items.map((i) => i.id);
    expect(await ids('ta=frei')).toEqual([free]);
    expect(await ids('ta=angemeldet')).toEqual([booked]);
    const alle = await get(`${apiUrl(terminEndpoints.patientAlle)}?b=Sitzprobe&ta=alle`, patient);
    expect(alle.items.map((i) => [i.id, i.angemeldet, i.bezahlt])).toEqual([
      [booked, true, true],
      [reserved, true, false],
      [free, false, false],
    ]);
    // an appointment the operator cancelled stays visible to its participant only
    await t.db.update(termine).set({ status: 'ABGESAGT' }).where(eq(termine.id, booked!));
    await t.db.update(termine).set({ status: 'ABGESAGT' }).where(eq(termine.id, free!));
    expect(await ids('ta=alle')).toEqual([booked, reserved]);
    expect(await ids(`ta=url&id=${booked}`)).toEqual([booked]);
    expect(await ids(`ta=url&id=${free}`)).toEqual([]);
  });
});
