import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privilegeCode, type Privilege } from '@dihs/contract/common/roles';
import { VERWALTUNG_MESSAGES, type VerwaltungEintrag } from '@dihs/contract/verwaltung';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { verwaltungEndpoints } from '@dihs/contract/verwaltung';

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
    const befunde = (await get(apiUrl(verwaltungEndpoints.befunde), admin)).json<VerwaltungEintrag[]>();
    expect(befunde.map((b) => b.value)).toContain('Rückenschmerzen');
    expect(befunde.every((b) => b.type === 'BEFUND')).toBe(true);
    const inhalte = (await get(apiUrl(verwaltungEndpoints.inhalte), admin)).json<VerwaltungEintrag[]>();
    expect(inhalte.every((b) => b.type === 'EINZELTERMIN_INHALT')).toBe(true);
    const sonstige = (await get(apiUrl(verwaltungEndpoints.sonstige), admin)).json<VerwaltungEintrag[]>();
    expect(sonstige.length).toBeGreaterThan(0);
    expect(sonstige.some((s) => s.type === 'BEFUND' || s.type === 'EINZELTERMIN_INHALT')).toBe(false);
  });

  it('lets appointment editors read the two lists but not the general settings or changes', async () => {
    expect((await get(apiUrl(verwaltungEndpoints.befunde), editorOnly)).statusCode).toBe(200);
    expect((await get(apiUrl(verwaltungEndpoints.inhalte), editorOnly)).statusCode).toBe(200);
    expect((await get(apiUrl(verwaltungEndpoints.sonstige), editorOnly)).statusCode).toBe(403);
    expect(
      (await post(apiUrl(verwaltungEndpoints.speichern), { type: 'BEFUND', value: 'X' }, editorOnly)).statusCode,
    ).toBe(403);
    expect((await post(apiUrl(verwaltungEndpoints.loeschen), { id: 1 }, editorOnly)).statusCode).toBe(403);
  });

  it('denies visitors, patients and operators without a privilege', async () => {
    for (const url of [
      apiUrl(verwaltungEndpoints.befunde),
      apiUrl(verwaltungEndpoints.inhalte),
      apiUrl(verwaltungEndpoints.sonstige),
    ]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, patient)).statusCode).toBe(403);
      expect((await get(url, nothing)).statusCode).toBe(403);
    }
    expect(
      (await post(apiUrl(verwaltungEndpoints.speichern), { type: 'BEFUND', value: 'X' }, patient)).statusCode,
    ).toBe(403);
    expect((await post(apiUrl(verwaltungEndpoints.speichern), { type: 'BEFUND', value: 'X' })).statusCode).toBe(401);
  });

  it('saves new and changed entries, answers the saved entry and deletes', async () => {
    const created = await post(
      apiUrl(verwaltungEndpoints.speichern),
      { type: 'BEFUND', value: ' Hüftschmerzen ' },
      admin,
    );
    expect(created.statusCode).toBe(200);
    const entry = created.json<VerwaltungEintrag>();
    expect(entry).toMatchObject({ type: 'BEFUND', value: 'Hüftschmerzen' });
    const changed = (
      await post(apiUrl(verwaltungEndpoints.speichern), { ...entry, value: 'Hüft-Arthrose' }, admin)
    ).json<VerwaltungEintrag>();
    expect(changed).toEqual({ ...entry, value: 'Hüft-Arthrose' });
    expect((await post(apiUrl(verwaltungEndpoints.loeschen), { id: entry.id }, admin)).json()).toEqual({
      id: entry.id,
    });
    const again = await post(apiUrl(verwaltungEndpoints.loeschen), { id: entry.id }, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(VERWALTUNG_MESSAGES.unbekannt);
    expect(
      (await post(apiUrl(verwaltungEndpoints.speichern), { id: 999_999, type: 'BEFUND', value: 'X' }, admin))
        .statusCode,
    ).toBe(404);
  });

  it('refuses each violating value with its message', async () => {
    const cases: [object, string][] = [
      [{ type: '', value: 'x' }, VERWALTUNG_MESSAGES.typLeer],
      [{ type: 'klein', value: 'x' }, VERWALTUNG_MESSAGES.typZeichen],
      [{ type: 'A'.repeat(61), value: 'x' }, VERWALTUNG_MESSAGES.maxLaenge],
      [{ type: 'BEFUND', value: '   ' }, VERWALTUNG_MESSAGES.wertLeer],
      [{ type: 'SUPPORT_TEXT', value: 'x'.repeat(5001) }, VERWALTUNG_MESSAGES.maxLaenge],
      [{ type: 'SONST', value: 'x' }, VERWALTUNG_MESSAGES.unbekannterTyp],
      [{ type: 'BEFUND', value: 'x'.repeat(31) }, VERWALTUNG_MESSAGES.befundLaenge],
    ];
    for (const [body, message] of cases) {
      const response = await post(apiUrl(verwaltungEndpoints.speichern), body, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await post(apiUrl(verwaltungEndpoints.loeschen), { id: 'x' }, admin)).statusCode).toBe(400);
  });
  it('keeps card prices as cents and shows and accepts them as German text', async () => {
    const sonstige = async () => (await get(apiUrl(verwaltungEndpoints.sonstige), admin)).json<VerwaltungEintrag[]>();
    const price = (await sonstige()).find((s) => s.type === 'TERMINPREIS_EINZEL')!;
    expect(price.value).toBe('25,00');
    const saved = await post(apiUrl(verwaltungEndpoints.speichern), { ...price, value: '1.234,5' }, admin);
    expect(saved.json()).toEqual({ ...price, value: '1.234,50' });
    const { getSetting } = await import('./index.ts');
    expect(await getSetting(t.db, 'TERMINPREIS_EINZEL')).toBe(123450);
    // saved as new, the one price of the type is replaced (a typed setting exists once)
    const again = (
      await post(apiUrl(verwaltungEndpoints.speichern), { type: 'TERMINPREIS_EINZEL', value: '25' }, admin)
    ).json();
    expect(again).toEqual({ ...price, value: '25,00' });
    expect((await sonstige()).filter((s) => s.type === 'TERMINPREIS_EINZEL')).toHaveLength(1);
    for (const value of ['kostenlos', '0,00', '25.00']) {
      const refused = await post(apiUrl(verwaltungEndpoints.speichern), { ...price, value }, admin);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(VERWALTUNG_MESSAGES.betrag);
    }
    const renamed = await post(apiUrl(verwaltungEndpoints.speichern), { type: 'SUPPORT_TEXT', value: '5' }, admin);
    const clash = await post(
      apiUrl(verwaltungEndpoints.speichern),
      { ...renamed.json<VerwaltungEintrag>(), type: 'TERMINPREIS_EINZEL' },
      admin,
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(VERWALTUNG_MESSAGES.doppelt);
    expect(await getSetting(t.db, 'TERMINPREIS_EINZEL')).toBe(2500);
  });

  it('gives every signed-in role the Befund names for the plan filters, and nobody else', async () => {
    const names = await get(apiUrl(verwaltungEndpoints.befundNamen), patient);
    expect(names.statusCode).toBe(200);
    expect(names.json()).toEqual(expect.arrayContaining(['Knie-Arthrose']));
    expect((await get(apiUrl(verwaltungEndpoints.befundNamen))).statusCode).toBe(401);
  });
});
