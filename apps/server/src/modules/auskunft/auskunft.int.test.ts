import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@dihs/contract/common/messages';
import { auskunftEndpoints, datenauskunftDateiname, DATENAUSKUNFT_FORMAT_VERSION } from '@dihs/contract/auskunft';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MODULES } from '../index.ts';
import { zugriffsprotokoll } from '../protokoll/protokoll.table.ts';
import { users } from '../users/users.table.ts';
import { collectDatenauskunft } from './auskunft.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const download = async (email?: string, query?: Record<string, unknown>) =>
  injectEndpoint(t.app, auskunftEndpoints.herunterladen, {
    ...(email ? { authorization: await t.bearer(email) } : {}),
    ...(query ? { query } : {}),
  });

const userId = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;

/** Every person id a row of the export names (user_id, patientUserId, …), over all modules and tables. */
function personIdsIn(file: Record<string, unknown>): Set<number> {
  const found = new Set<number>();
  for (const tables of Object.values(file)) {
    if (typeof tables !== 'object' || tables === null) continue;
    for (const rows of Object.values(tables as Record<string, Record<string, unknown>[]>)) {
      for (const row of rows) {
        for (const key of ['userId', 'patientUserId']) if (typeof row[key] === 'number') found.add(row[key]);
      }
    }
  }
  return found;
}

describe('GET /api/datenauskunft', () => {
  it('gives the patient one JSON file of their own records, named by the day, never cached', async () => {
    const response = await download('patient@demo.de');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${datenauskunftDateiname()}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const file = response.json<Record<string, unknown>>();
    const own = await userId('patient@demo.de');
    expect(file).toMatchObject({
      format: 'dihs-datenauskunft',
      formatVersion: DATENAUSKUNFT_FORMAT_VERSION,
      benutzerId: own,
    });
    expect(Date.parse(file.erstelltAm as string)).not.toBeNaN();
    const exporting = MODULES.filter((module) => module.exportPatient).map((module) => module.name);
    expect(Object.keys(file)).toEqual(['format', 'formatVersion', 'erstelltAm', 'benutzerId', ...exporting]);
    const account = (file.users as { benutzer: Record<string, unknown>[] }).benutzer;
    expect(account).toHaveLength(1);
    expect(account[0]).toMatchObject({ id: own, email: 'patient@demo.de', role: 'PATIENT' });
    expect(account[0]).not.toHaveProperty('passwordHash');
    expect(account[0]).not.toHaveProperty('secondFactorSecret');
    expect(personIdsIn(file)).toEqual(new Set([own]));
  });

  it('writes the export into the audit log as the patient’s own access', async () => {
    const own = await userId('patient2@demo.de');
    expect((await download('patient2@demo.de')).statusCode).toBe(200);
    // the audit hook writes once the answer is sent
    let entries: (typeof zugriffsprotokoll.$inferSelect)[] = [];
    for (let i = 0; i < 50 && entries.length === 0; i++) {
      entries = await t.db
        .select()
        .from(zugriffsprotokoll)
        .where(and(eq(zugriffsprotokoll.patientUserId, own), eq(zugriffsprotokoll.art, 'EXPORT')));
      if (entries.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(entries).toEqual([
      expect.objectContaining({ akteurUserId: own, aktion: 'LESEN', ergebnis: 'ERLAUBT', status: 200 }),
    ]);
  });

  it('ignores another patient’s id in the address: the export is always the caller’s own', async () => {
    const other = await userId('patient2@demo.de');
    const response = await download('patient@demo.de', { userId: other, patientId: other });
    expect(response.statusCode).toBe(200);
    const file = response.json<Record<string, unknown>>();
    expect(file.benutzerId).toBe(await userId('patient@demo.de'));
    expect(personIdsIn(file).has(other)).toBe(false);
  });

  it('is refused to visitors, therapists and operators', async () => {
    expect((await download()).statusCode).toBe(401);
    for (const email of ['therapeut@demo.de', 'betreiber@demo.de']) {
      const response = await download(email);
      expect(response.statusCode, email).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(MESSAGES.keineBerechtigung);
    }
  });

  it('refuses a module list in which two modules export the same table (a wiring error)', async () => {
    const twice = { exportPatient: () => Promise.resolve({ benutzer: [] }) };
    await expect(
      collectDatenauskunft(
        {
          db: t.db,
          ...t.services,
          modules: [
            { name: 'a', ...twice },
            { name: 'b', ...twice },
          ],
        },
        1,
        new Date(),
      ),
    ).rejects.toThrow(/benutzer/);
  });
});
