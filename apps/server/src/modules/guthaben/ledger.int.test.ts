import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_KINDS } from '@dihs/contract/guthaben';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/users.table.ts';
import { guthabenBuchungen, guthabenSchulden } from './guthaben.table.ts';
import { addLedgerEntries, balanceOf, InsufficientCreditError, reverseReference } from './ledger.service.ts';

let t: TestApp;
let nextPatient = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newPatient(): Promise<number> {
  nextPatient++;
  const [row] = await t.db
    .insert(users)
    .values({ email: `ledger${nextPatient}@test.de`, role: 'PATIENT', passwordHash: 'x', emailConfirmed: true })
    .returning();
  return row!.id;
}

const book = (entries: Parameters<typeof addLedgerEntries>[1]) =>
  t.db.transaction((tx) => addLedgerEntries(tx, entries));

/** The balance recomputed from the raw rows, to check balanceOf against. */
async function rawSum(patientUserId: number) {
  const rows = await t.db.select().from(guthabenBuchungen).where(eq(guthabenBuchungen.patientUserId, patientUserId));
  const sum = Object.fromEntries(CREDIT_KINDS.map((kind) => [kind, 0])) as Record<string, number>;
  for (const row of rows) sum[row.kind]! += row.delta;
  return sum;
}

describe('credit ledger', () => {
  it('keeps the balance as the sum of the entries, per kind', async () => {
    const patient = await newPatient();
    expect(
      await book([
        { patientUserId: patient, kind: 'bezahltEinzelTermin', delta: 5, reason: 'Kauf', idempotencyKey: 'k1' },
      ]),
    ).toBe(true);
    expect(
      await book([
        { patientUserId: patient, kind: 'bezahltEinzelTermin', delta: -2, reason: 'Termin', idempotencyKey: 'k2' },
      ]),
    ).toBe(true);
    expect(
      await book([{ patientUserId: patient, kind: 'aboTrainingsplan', delta: 1, reason: 'Abo', idempotencyKey: 'k3' }]),
    ).toBe(true);
    const balance = await balanceOf(t.db, patient);
    expect(balance).toEqual(await rawSum(patient));
    expect(balance.bezahltEinzelTermin).toBe(3);
    expect(balance.aboTrainingsplan).toBe(1);
    expect(balance.rezeptBefundTermin).toBe(0);
  });

  it('books an idempotency key once: a repeat answers false and changes nothing', async () => {
    const patient = await newPatient();
    const entry = {
      patientUserId: patient,
      kind: 'bezahltGruppenTermin' as const,
      delta: 4,
      reason: 'Kauf',
      idempotencyKey: `once-${patient}`,
    };
    expect(await book([entry])).toBe(true);
    expect(await book([entry])).toBe(false);
    expect(await book([{ ...entry, kind: 'bezahltEinzelTermin' }])).toBe(false);
    expect((await balanceOf(t.db, patient)).bezahltGruppenTermin).toBe(4);
    expect((await balanceOf(t.db, patient)).bezahltEinzelTermin).toBe(0);
  });

  it('refuses an entry that would take a balance below zero, with a German message, and books nothing of the call', async () => {
    const patient = await newPatient();
    await book([
      {
        patientUserId: patient,
        kind: 'bezahltEinzelTermin',
        delta: 1,
        reason: 'Kauf',
        idempotencyKey: `n1-${patient}`,
      },
    ]);
    const attempt = book([
      { patientUserId: patient, kind: 'bezahltGruppenTermin', delta: 3, reason: 'x', idempotencyKey: `n2-${patient}` },
      { patientUserId: patient, kind: 'bezahltEinzelTermin', delta: -2, reason: 'x', idempotencyKey: `n2-${patient}` },
    ]);
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCreditError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, kind: 'bezahltEinzelTermin', available: 1 });
    await expect(attempt).rejects.toThrow(/Guthaben reicht nicht aus/);
    expect(await balanceOf(t.db, patient)).toMatchObject({ bezahltEinzelTermin: 1, bezahltGruppenTermin: 0 });
  });

  it.each([0, 1.5, Number.NaN])('refuses a delta of %s', async (delta) => {
    const patient = await newPatient();
    await expect(
      book([
        { patientUserId: patient, kind: 'bezahltEinzelTermin', delta, reason: 'x', idempotencyKey: `bad-${patient}` },
      ]),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('lets exactly one of 200 concurrent spends of the last credit succeed', async () => {
    const patient = await newPatient();
    await book([
      {
        patientUserId: patient,
        kind: 'bezahltEinzelTermin',
        delta: 1,
        reason: 'Kauf',
        idempotencyKey: `last-${patient}`,
      },
    ]);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        book([
          {
            patientUserId: patient,
            kind: 'bezahltEinzelTermin',
            delta: -1,
            reason: 'Termin',
            idempotencyKey: `spend-${patient}-${i}`,
          },
        ]),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(199);
    for (const r of refused) expect(r.reason).toBeInstanceOf(InsufficientCreditError);
    expect((await balanceOf(t.db, patient)).bezahltEinzelTermin).toBe(0);
    expect(await rawSum(patient)).toMatchObject({ bezahltEinzelTermin: 0 });
  });

  it('books a key once when the same grant arrives 50 times at once', async () => {
    const patient = await newPatient();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        book([
          {
            patientUserId: patient,
            kind: 'aboEinzelTermin',
            delta: 2,
            reason: 'Abo',
            idempotencyKey: `same-${patient}`,
          },
        ]),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await balanceOf(t.db, patient)).aboEinzelTermin).toBe(2);
  });

  it('reverses what is left of a reference and records the spent rest as debt, once', async () => {
    const patient = await newPatient();
    const reference = `zahlung-test-${patient}`;
    await book([
      {
        patientUserId: patient,
        kind: 'bezahltEinzelTermin',
        delta: 5,
        reason: 'Kauf',
        reference,
        idempotencyKey: `${reference}:g`,
      },
      {
        patientUserId: patient,
        kind: 'bezahltGruppenTermin',
        delta: 2,
        reason: 'Kauf',
        reference,
        idempotencyKey: `${reference}:g`,
      },
    ]);
    await book([
      {
        patientUserId: patient,
        kind: 'bezahltEinzelTermin',
        delta: -3,
        reason: 'Termin',
        idempotencyKey: `t-${patient}`,
      },
    ]);
    const input = { patientUserId: patient, reference, reason: 'Rückerstattung', idempotencyKey: `${reference}:r` };
    const result = await t.db.transaction((tx) => reverseReference(tx, input));
    expect(result.reversed).toMatchObject({ bezahltEinzelTermin: 2, bezahltGruppenTermin: 2 });
    expect(result.debt).toMatchObject({ bezahltEinzelTermin: 3, bezahltGruppenTermin: 0 });
    const again = await t.db.transaction((tx) => reverseReference(tx, input));
    expect(again.reversed.bezahltEinzelTermin).toBe(0);
    const balance = await balanceOf(t.db, patient);
    expect(balance).toMatchObject({ bezahltEinzelTermin: 0, bezahltGruppenTermin: 0 });
    const debts = await t.db.select().from(guthabenSchulden).where(eq(guthabenSchulden.patientUserId, patient));
    expect(debts).toHaveLength(1);
    expect(debts[0]).toMatchObject({ kind: 'bezahltEinzelTermin', amount: 3 });
  });

  it('records a reversal whose credit was all spent as debt only once', async () => {
    const patient = await newPatient();
    const reference = `spent-${patient}`;
    await book([
      {
        patientUserId: patient,
        kind: 'bezahltTelefonTermin',
        delta: 1,
        reason: 'Kauf',
        reference,
        idempotencyKey: `${reference}:g`,
      },
    ]);
    await book([
      {
        patientUserId: patient,
        kind: 'bezahltTelefonTermin',
        delta: -1,
        reason: 'Termin',
        idempotencyKey: `${reference}:t`,
      },
    ]);
    // new credit arrives before the refund is repeated: the repeat must not take it
    const input = { patientUserId: patient, reference, reason: 'Rückerstattung', idempotencyKey: `${reference}:r` };
    await t.db.transaction((tx) => reverseReference(tx, input));
    await book([
      {
        patientUserId: patient,
        kind: 'bezahltTelefonTermin',
        delta: 1,
        reason: 'Kauf 2',
        idempotencyKey: `${reference}:g2`,
      },
    ]);
    await t.db.transaction((tx) => reverseReference(tx, input));
    expect((await balanceOf(t.db, patient)).bezahltTelefonTermin).toBe(1);
    const debts = await t.db.select().from(guthabenSchulden).where(eq(guthabenSchulden.patientUserId, patient));
    expect(debts.map((d) => d.amount)).toEqual([1]);
  });
});
