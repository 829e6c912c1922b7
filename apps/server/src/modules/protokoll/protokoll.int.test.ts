import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { profilEndpoints } from '@dihs/contract/profil';
import { protokollEndpoints, type EigeneZugriffe, type ProtokollSeite } from '@dihs/contract/protokoll';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/users.table.ts';
import { pruneAuditLog } from './index.ts';
import { erasePatient } from './protokoll.erase.ts';
import { verifyChain } from './protokoll-kette.ts';
import { zugriffsprotokoll } from './protokoll.table.ts';

let t: TestApp;
const ids: Record<string, number> = {};
const id = (email: string) => ids[email]!;
const bearers: Record<string, string> = {};
const as = async (email: string) => (bearers[email] ??= await t.bearer(email));

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({
    LOGIN_RATE_LIMIT_IP: '1000',
    LOGIN_RATE_LIMIT_ACCOUNT: '1000',
    AUDIT_RETENTION_DAYS: '30',
  });
  for (const row of await t.db.select({ id: users.id, email: users.email }).from(users)) ids[row.email] = row.id;
  // one access of each kind: the therapist in care reads, the patient reads their own, an operator writes
  const patient = id('patient@demo.de');
  await injectEndpoint(t.app, profilEndpoints.dokumentation, {
    params: { patientId: patient },
    authorization: await as('therapeut@demo.de'),
  });
  await injectEndpoint(t.app, profilEndpoints.nameOnlyPatient, {
    params: { patientId: patient },
    authorization: await as('patient@demo.de'),
  });
  await injectEndpoint(t.app, profilEndpoints.patientView, {
    params: { userId: patient },
    authorization: await as('therapeut2@demo.de'),
  });
  await vi.waitFor(
    async () => {
      const rows = await t.db.select().from(zugriffsprotokoll);
      if (rows.length < 3) throw new Error('noch nicht geschrieben');
    },
    { timeout: 2000, interval: 20 },
  );
});
afterAll(() => t.close());

describe('operator screen', () => {
  it('lists entries newest first with names, filtered by patient, user and days', async () => {
    const all = await injectEndpoint(t.app, protokollEndpoints.liste, {
      query: { patient: 'patient@demo' },
      authorization: await as('betreiber@demo.de'),
    });
    expect(all.statusCode).toBe(200);
    const page = all.json<ProtokollSeite>();
    expect(page.gesamt).toBe(3);
    expect(page.eintraege.map((e) => e.ergebnis)).toEqual(['VERWEIGERT', 'ERLAUBT', 'ERLAUBT']);
    expect(page.eintraege[2]).toMatchObject({
      akteurRolle: 'THERAPEUT',
      akteur: { email: 'therapeut@demo.de' },
      patient: { userId: id('patient@demo.de'), email: 'patient@demo.de' },
      art: 'DOKUMENTATION',
      aktion: 'LESEN',
    });

    const byUser = await injectEndpoint(t.app, protokollEndpoints.liste, {
      query: { benutzer: 'therapeut2' },
      authorization: await as('betreiber@demo.de'),
    });
    expect(byUser.json<ProtokollSeite>().eintraege.map((e) => e.akteur.email)).toEqual(['therapeut2@demo.de']);

    const past = await injectEndpoint(t.app, protokollEndpoints.liste, {
      query: { von: '2020-01-01', bis: '2020-01-31' },
      authorization: await as('betreiber@demo.de'),
    });
    expect(past.json<ProtokollSeite>()).toEqual({ eintraege: [], gesamt: 0 });

    const paged = await injectEndpoint(t.app, protokollEndpoints.liste, {
      query: { size: 1, page: 1 },
      authorization: await as('betreiber@demo.de'),
    });
    expect(paged.json<ProtokollSeite>().eintraege).toHaveLength(1);
  });

  it('refuses bad filters in German and everyone without the privilege', async () => {
    const bad = await injectEndpoint(t.app, protokollEndpoints.liste, {
      query: { von: '2024-02-30' },
      authorization: await as('betreiber@demo.de'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Das Datum ist ungültig');
    const reversed = await injectEndpoint(t.app, protokollEndpoints.liste, {
      query: { von: '2024-02-10', bis: '2024-02-01' },
      authorization: await as('betreiber@demo.de'),
    });
    expect(reversed.statusCode).toBe(400);
    for (const email of ['therapeut@demo.de', 'patient@demo.de']) {
      const response = await injectEndpoint(t.app, protokollEndpoints.liste, { authorization: await as(email) });
      expect(response.statusCode).toBe(403);
    }
    expect((await injectEndpoint(t.app, protokollEndpoints.liste)).statusCode).toBe(401);
  });
});

describe("the patient's own view", () => {
  it('shows the staff who accessed, never the own accesses or refused attempts', async () => {
    const response = await injectEndpoint(t.app, protokollEndpoints.eigene, {
      authorization: await as('patient@demo.de'),
    });
    expect(response.statusCode).toBe(200);
    const own = response.json<EigeneZugriffe>();
    expect(own.gesamt).toBe(1);
    expect(own.eintraege[0]).toMatchObject({
      vorname: 'Thomas',
      rolle: 'THERAPEUT',
      art: 'DOKUMENTATION',
      aktion: 'LESEN',
    });
    const other = await injectEndpoint(t.app, protokollEndpoints.eigene, {
      authorization: await as('patient2@demo.de'),
    });
    expect(other.json<EigeneZugriffe>()).toEqual({ eintraege: [], gesamt: 0 });
    const therapist = await injectEndpoint(t.app, protokollEndpoints.eigene, {
      authorization: await as('therapeut@demo.de'),
    });
    expect(therapist.statusCode).toBe(403);
  });
});

describe('erasure and retention', () => {
  it('keeps the entries of an erased patient without naming them, and the chain still verifies', async () => {
    const patient = id('patient@demo.de');
    await t.db.transaction((tx) => erasePatient(tx, patient));
    expect(await t.db.select().from(zugriffsprotokoll).where(eq(zugriffsprotokoll.patientUserId, patient))).toEqual([]);
    expect(await t.db.select().from(zugriffsprotokoll).where(eq(zugriffsprotokoll.akteurUserId, patient))).toEqual([]);
    const kept = await t.db.select().from(zugriffsprotokoll).where(eq(zugriffsprotokoll.art, 'DOKUMENTATION'));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((row) => row.patientUserId === null)).toBe(true);
    expect(await verifyChain(t.db)).toMatchObject({ intakt: true });
  });

  it('deletes the chain up to the first entry within AUDIT_RETENTION_DAYS and keeps its anchor', async () => {
    const now = new Date();
    const patient = id('patient2@demo.de');
    const before = await t.db.$count(zugriffsprotokoll);
    // in chain order: the entries so far (now), one 20 days ahead, then one of now again: with the clock 40 days
    // ahead and 30 days kept, everything before the entry ahead goes; the later entry with an earlier time stays
    await t.db.insert(zugriffsprotokoll).values(
      [20, 0].map((days) => ({
        zeitpunkt: new Date(now.getTime() + days * DAY_MS),
        akteurUserId: id('betreiber@demo.de'),
        akteurRolle: 'BETREIBER' as const,
        patientUserId: patient,
        art: 'PROFIL' as const,
        aktion: 'LESEN' as const,
        endpunkt: 'GET /api/test',
        ergebnis: 'ERLAUBT' as const,
        status: 200,
      })),
    );
    const deleted = await pruneAuditLog({
      db: t.db,
      config: t.config,
      now: () => new Date(now.getTime() + 40 * DAY_MS),
    });
    expect(deleted).toBe(before);
    const left = await t.db.select().from(zugriffsprotokoll);
    expect(left.map((row) => row.patientUserId)).toEqual([patient, patient]);
    expect(await verifyChain(t.db)).toEqual({ intakt: true, eintraege: 2 });
  });
});
