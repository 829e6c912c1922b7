import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@dihs/contract/cart';
import { accountWithBearer } from '../../test/payment-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recordRegistrationConsent } from '../einwilligung/index.ts';
import { terminTeilnahmen } from '../termin/termin.table.ts';
import { users } from '../users/users.table.ts';
import { cartHelpers } from './cart.test-support.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { cartEndpoints, OFFENE_BUCHUNG_CODE } from '@dihs/contract/cart';

const clock = new Date();
let t: TestApp;
const h = cartHelpers(
  () => t,
  () => clock,
);

beforeAll(async () => {
  // 200 requests share the pool's ten connections: on a busy machine the last ones wait longer than the default
  // DATABASE_WAIT_SECONDS, and their 503 is the limit working, not the race this file is about
  t = await createTestApp({ DATABASE_WAIT_SECONDS: '120' }, { now: () => clock });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('concurrent carts', () => {
  it('200 concurrent carts for the last seat of a group appointment: exactly one succeeds', async () => {
    const termin = await h.termin({ maxTeilnehmer: 3 });
    await h.createOk((await accountWithBearer(t, 'PATIENT')).bearer, [termin.id]);
    await h.createOk((await accountWithBearer(t, 'PATIENT')).bearer, [termin.id]);
    const rows = await t.db
      .insert(users)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          email: `cart-race-${i}@test.de`,
          role: 'PATIENT' as const,
          passwordHash: 'x',
          emailConfirmed: true,
        })),
      )
      .returning({ id: users.id, email: users.email });
    // consented like registered patients, so the race is about the seat (einwilligung)
    await t.db.transaction(async (tx) => {
      for (const row of rows) await recordRegistrationConsent(tx, row.id);
    });
    const bearers = await Promise.all(rows.map((row) => t.sessionBearer({ ...row, role: 'PATIENT', privileges: [] })));
    const responses = await Promise.all(bearers.map((bearer) => h.create(bearer, [termin.id])));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(199);
    expect(await h.counterOf(termin.id)).toBe(3);
    const seats = await t.db.select().from(terminTeilnahmen).where(eq(terminTeilnahmen.terminId, termin.id));
    expect(seats.filter((s) => s.status !== 'STORNIERT')).toHaveLength(3);
  });

  it('two parallel carts of one patient: one is made, the other refused (one open cart); credit taken once', async () => {
    const p = await accountWithBearer(t, 'PATIENT');
    await h.grant(p.id, { bezahltEinzelTermin: 1 });
    const a = await h.termin({ termintyp: 'EINZEL', maxTeilnehmer: 1 });
    const b = await h.termin({ termintyp: 'EINZEL', maxTeilnehmer: 1 });
    const both = await Promise.all([h.create(p.bearer, [a.id]), h.create(p.bearer, [b.id])]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().code).toBe(OFFENE_BUCHUNG_CODE);
    expect(both.find((r) => r.statusCode === 200)!.json<Cart>().items[0]!.paymentMethod).toBe('GUTHABEN');
    expect((await h.balance(p.id)).bezahltEinzelTermin).toBe(0);

    // the operator books from credit only: of two parallel carts one gets the credit, the other the error word
    const operator = await accountWithBearer(t, 'BETREIBER', ['PATIENT_TERMINE_BUCHEN']);
    const q = await accountWithBearer(t, 'PATIENT');
    await h.grant(q.id, { bezahltEinzelTermin: 1 });
    const c = await h.termin({ termintyp: 'EINZEL', maxTeilnehmer: 1 });
    const d = await h.termin({ termintyp: 'EINZEL', maxTeilnehmer: 1 });
    const results = await Promise.all(
      [c, d].map((termin) =>
        h.inject('POST', apiUrl(cartEndpoints.anlegenFuerPatient, { params: { patientId: q.id } }), operator.bearer, [
          { id: termin.id },
        ]),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('KEIN_EINZEL_GUTHABEN');
    expect((await h.balance(q.id)).bezahltEinzelTermin).toBe(0);
  });
});
