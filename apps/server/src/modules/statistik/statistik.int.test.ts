import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privilegeCode } from '@dihs/contract/common/roles';
import { statistikEndpoints as api } from '@dihs/contract/statistik';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { firmen } from '../firma/firma.table.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { insertEreignis } from './statistik.repository.ts';
import { statistikEreignisse } from './statistik.table.ts';

let t: TestApp;
let operator: string;
let patient: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' });
  operator = await t.bearer('betreiber@demo.de');
  patient = await t.bearer('patient@demo.de');
});
afterAll(() => t.close());

describe('statistics', () => {
  it('counts views without a person reference; company rows only with statistikSchreiben', async () => {
    const [firma] = await t.db
      .insert(firmen)
      .values({ bezeichner: '=HYPERLINK("x")', statistikSchreiben: true })
      .returning({ id: firmen.id });
    const email = 'statistik-firma@test.de';
    await t.db.insert(users).values({
      email,
      role: 'PATIENT',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      emailConfirmed: true,
      firmaId: firma!.id,
    });
    const firmenpatient = await t.bearer(email);
    for (const [bearer, body] of [
      [patient, { type: 0 }],
      [patient, { type: 1, aktionid: '76979871' }],
      [firmenpatient, { type: 1, aktionid: '76979871' }],
    ] as const) {
      const response = await injectEndpoint(t.app, api.ereignis, { authorization: bearer, body });
      expect(response.statusCode, response.body).toBe(200);
    }
    const rows = await t.db.select().from(statistikEreignisse);
    expect(rows.map((r) => [r.typ, r.aktionId, r.firmaId])).toEqual([
      [0, null, null],
      [1, '76979871', null],
      [1, '76979871', firma!.id],
    ]);
    for (const body of [{ type: 2 }, { type: 1, aktionid: 'javascript:alert(1)' }, { type: '0' }]) {
      const bad = await injectEndpoint(t.app, api.ereignis, { authorization: patient, body });
      expect(bad.statusCode).toBe(400);
    }
    expect((await injectEndpoint(t.app, api.ereignis, { body: { type: 0 } })).statusCode).toBe(401);
    await t.db.delete(statistikEreignisse).where(eq(statistikEreignisse.firmaId, firma!.id));
    await t.db
      .insert(statistikEreignisse)
      .values({ typ: 1, aktionId: '1', firmaId: firma!.id, zeitpunkt: new Date('2026-03-02T10:00:00Z') });
  });

  it('writes the CSV for a German Excel: BOM, semicolons, one row per day, type and company, formulas escaped', async () => {
    for (const zeitpunkt of ['2026-03-01T23:30:00Z', '2026-03-01T10:00:00Z', '2026-03-02T09:00:00Z']) {
      await insertEreignis(t.db, { typ: 0, aktionId: null, firmaId: null, zeitpunkt: new Date(zeitpunkt) });
    }
    // outside the range
    await insertEreignis(t.db, { typ: 0, aktionId: null, firmaId: null, zeitpunkt: new Date('2026-03-03T12:00:00Z') });
    const response = await injectEndpoint(t.app, api.herunterladen, {
      authorization: operator,
      query: { from: '2026-03-01', to: '2026-03-02' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Statistik2026-03-01_2026-03-02.csv"');
    expect(response.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    // 23:30 UTC on 1 March is 2 March in Berlin
    expect(response.body.slice(1).split('\r\n')).toEqual([
      'Datum;Ereignis;Firma;Anzahl',
      '2026-03-01;Trainingsplan angesehen;Alle;1',
      '2026-03-02;Trainingsplan angesehen;Alle;2',
      `2026-03-02;Video abgespielt;"'=HYPERLINK(""x"")";1`,
      '',
    ]);
  });

  it('refuses bad ranges and callers without STATISTIK_LESEN', async () => {
    for (const [query, message] of [
      [{ from: '2026-03-02', to: '2026-03-01' }, 'Das Enddatum darf nicht vor dem Anfangsdatum liegen.'],
      [{ from: '2006-01-01', to: '2026-01-01' }, 'Der Zeitraum darf höchstens 1830 Tage umfassen.'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'Bitte ein gültiges Datum angeben.'],
    ] as const) {
      const response = await injectEndpoint(t.app, api.herunterladen, { authorization: operator, query });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
    const query = { from: '2026-03-01', to: '2026-03-02' };
    expect((await injectEndpoint(t.app, api.herunterladen, { authorization: patient, query })).statusCode).toBe(403);
    await t.db.insert(users).values({
      email: 'statistik-ohne@test.de',
      role: 'BETREIBER',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      emailConfirmed: true,
      privileges: [privilegeCode('STATISTIK_SCHREIBEN')],
    });
    const without = await t.bearer('statistik-ohne@test.de');
    expect((await injectEndpoint(t.app, api.herunterladen, { authorization: without, query })).statusCode).toBe(403);
  });
});
