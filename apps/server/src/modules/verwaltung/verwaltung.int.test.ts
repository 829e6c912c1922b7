import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privilegeCode, type Privilege } from '@dihs/contract/common/roles';
import { VERWALTUNG_MESSAGES, type VerwaltungEintrag } from '@dihs/contract/verwaltung';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD, users } from '../users/index.ts';

let t: TestApp;
let admin: string;
let patient: string;
let editorOnly: string;
let nothing: string;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' });
  admin = await t.bearer('betreiber@demo.de');
  patient = await t.bearer('patient@demo.de');
  const hash = await hashPassword(DEMO_PASSWORD);
  const operator = async (email: string, privileges: Privilege[]) => {
    await t.db.insert(users).values({
      email,
      role: 'BETREIBER',
      passwordHash: hash,
      privileges: privileges.map(privilegeCode),
      emailConfirmed: true,
    });
    return t.bearer(email);
  };
  editorOnly = await operator('verwaltung-editor@test.de', ['TERMINE_EDITIEREN']);
  nothing = await operator('verwaltung-ohne@test.de', []);
});
afterAll(() => t.close());

const get = (url: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
const post = (url: string, payload: unknown, authorization?: string) =>
  t.app.inject({ method: 'POST', url, headers: authorization ? { authorization } : {}, payload: payload as object });

describe('application settings', () => {
  it('lists the seeded Befunde, Einzeltermin-Inhalte and general settings', async () => {
    const befunde = (await get('/api/betreiber/verwaltung/Befunde/get', admin)).json<VerwaltungEintrag[]>();
    expect(befunde.map((b) => b.value)).toContain('Rückenschmerzen');
    expect(befunde.every((b) => b.type === 'BEFUND')).toBe(true);
    const inhalte = (await get('/api/betreiber/verwaltung/Einzeltermine/Inhalte/get', admin)).json<
      VerwaltungEintrag[]
    >();
    expect(inhalte.every((b) => b.type === 'EINZELTERMIN_INHALT')).toBe(true);
    const sonstige = (await get('/api/betreiber/verwaltung/Sonstige/get', admin)).json<VerwaltungEintrag[]>();
    expect(sonstige.length).toBeGreaterThan(0);
    expect(sonstige.some((s) => s.type === 'BEFUND' || s.type === 'EINZELTERMIN_INHALT')).toBe(false);
  });

  it('lets appointment editors read the two lists but not the general settings or changes', async () => {
    expect((await get('/api/betreiber/verwaltung/Befunde/get', editorOnly)).statusCode).toBe(200);
    expect((await get('/api/betreiber/verwaltung/Einzeltermine/Inhalte/get', editorOnly)).statusCode).toBe(200);
    expect((await get('/api/betreiber/verwaltung/Sonstige/get', editorOnly)).statusCode).toBe(403);
    expect((await post('/api/betreiber/verwaltung/save', { type: 'BEFUND', value: 'X' }, editorOnly)).statusCode).toBe(
      403,
    );
    expect((await post('/api/betreiber/verwaltung/delete', { id: 1 }, editorOnly)).statusCode).toBe(403);
  });

  it('denies visitors, patients and operators without a privilege', async () => {
    for (const url of [
      '/api/betreiber/verwaltung/Befunde/get',
      '/api/betreiber/verwaltung/Einzeltermine/Inhalte/get',
      '/api/betreiber/verwaltung/Sonstige/get',
    ]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, patient)).statusCode).toBe(403);
      expect((await get(url, nothing)).statusCode).toBe(403);
    }
    expect((await post('/api/betreiber/verwaltung/save', { type: 'BEFUND', value: 'X' }, patient)).statusCode).toBe(
      403,
    );
    expect((await post('/api/betreiber/verwaltung/save', { type: 'BEFUND', value: 'X' })).statusCode).toBe(401);
  });

  it('saves new and changed entries, answers the saved entry and deletes', async () => {
    const created = await post('/api/betreiber/verwaltung/save', { type: 'BEFUND', value: ' Hüftschmerzen ' }, admin);
    expect(created.statusCode).toBe(200);
    const entry = created.json<VerwaltungEintrag>();
    expect(entry).toMatchObject({ type: 'BEFUND', value: 'Hüftschmerzen' });
    const changed = (
      await post('/api/betreiber/verwaltung/save', { ...entry, value: 'Hüft-Arthrose' }, admin)
    ).json<VerwaltungEintrag>();
    expect(changed).toEqual({ ...entry, value: 'Hüft-Arthrose' });
    expect((await post('/api/betreiber/verwaltung/delete', { id: entry.id }, admin)).json()).toEqual({ id: entry.id });
    const again = await post('/api/betreiber/verwaltung/delete', { id: entry.id }, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(VERWALTUNG_MESSAGES.unbekannt);
    expect(
      (await post('/api/betreiber/verwaltung/save', { id: 999_999, type: 'BEFUND', value: 'X' }, admin)).statusCode,
    ).toBe(404);
  });

  it('refuses each violating value with its message', async () => {
    const cases: [object, string][] = [
      [{ type: '', value: 'x' }, VERWALTUNG_MESSAGES.typLeer],
      [{ type: 'klein', value: 'x' }, VERWALTUNG_MESSAGES.typZeichen],
      [{ type: 'A'.repeat(61), value: 'x' }, VERWALTUNG_MESSAGES.maxLaenge],
      [{ type: 'BEFUND', value: '   ' }, VERWALTUNG_MESSAGES.wertLeer],
      [{ type: 'SONST', value: 'x'.repeat(5001) }, VERWALTUNG_MESSAGES.maxLaenge],
      [{ type: 'BEFUND', value: 'x'.repeat(31) }, VERWALTUNG_MESSAGES.befundLaenge],
    ];
    for (const [body, message] of cases) {
      const response = await post('/api/betreiber/verwaltung/save', body, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await post('/api/betreiber/verwaltung/delete', { id: 'x' }, admin)).statusCode).toBe(400);
  });
});
