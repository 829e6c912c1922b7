import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABO_PAKET_DEFAULTS, ABO_TEXTS, type AboPaket } from '@dihs/contract/abo';
import { privilegeCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { DEMO_ABO_PAKETE } from './abo.demo.ts';
import { aboPakete } from './abo.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { aboEndpoints } from '@dihs/contract/abo';

let t: TestApp;
let admin: string;
let demoHash: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' });
  admin = await t.bearer('betreiber@demo.de');
  demoHash = await hashPassword(DEMO_PASSWORD);
});
afterAll(() => t.close());

let counter = 0;
async function account(role: Role, privileges: Privilege[] = []) {
  const email = `abo-paket-${counter++}@test.de`;
  await t.db
    .insert(users)
    .values({ email, role, passwordHash: demoHash, privileges: privileges.map(privilegeCode), emailConfirmed: true });
  return t.bearer(email);
}

const get = (url: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
const post = (url: string, payload: unknown, authorization?: string) =>
  t.app.inject({ method: 'POST', url, headers: authorization ? { authorization } : {}, payload: payload as object });

const valid = {
  ...ABO_PAKET_DEFAULTS,
  title: 'Testpaket',
  einzelTermineProQuartal: 2,
  kostenProQuartalCent: 4990,
  aktiv: true,
  buchbar: true,
};

describe('package admin: access', () => {
  it('refuses visitors, patients, therapists and operators without ABOPAKETE_VERWALTEN', async () => {
    const withoutPrivilege = await account('BETREIBER', ['BENUTZER_VERWALTEN', 'GUTHABEN_AENDERN']);
    const others = [await t.bearer('patient@demo.de'), await t.bearer('therapeut@demo.de'), withoutPrivilege];
    for (const [method, url, body] of [
      ['GET', apiUrl(aboEndpoints.pakete), undefined],
      ['POST', apiUrl(aboEndpoints.paketAnlegen), valid],
      ['POST', apiUrl(aboEndpoints.paketAendern), { ...valid, aboPaketId: 1 }],
    ] as const) {
      const send = (authorization?: string) =>
        method === 'GET' ? get(url, authorization) : post(url, body, authorization);
      expect((await send()).statusCode).toBe(401);
      for (const bearer of others) expect((await send(bearer)).statusCode).toBe(403);
    }
    expect(await t.db.select().from(aboPakete).where(eq(aboPakete.title, 'Testpaket'))).toHaveLength(0);
  });

  it('lets an operator with only ABOPAKETE_VERWALTEN list every package', async () => {
    const response = await get(apiUrl(aboEndpoints.pakete), await account('BETREIBER', ['ABOPAKETE_VERWALTEN']));
    expect(response.statusCode).toBe(200);
    const titles = response.json<AboPaket[]>().map((paket) => paket.title);
    for (const paket of DEMO_ABO_PAKETE) expect(titles).toContain(paket.title);
  });
});

describe('POST /api/abo/betreiber/pakete/add and /change', () => {
  it('creates a package with every field and changes it', async () => {
    const created = await post(apiUrl(aboEndpoints.paketAnlegen), { ...valid, title: '  Neu angelegt ' }, admin);
    expect(created.statusCode).toBe(200);
    const paket = created.json<AboPaket>();
    expect(paket).toEqual({ ...valid, title: 'Neu angelegt', aboPaketId: expect.any(Number) });

    const changed = await post(
      apiUrl(aboEndpoints.paketAendern),
      { ...paket, title: 'Geändert', laufzeitMonate: 6, buchungMonate: 6, kostenProQuartalCent: 0, aktiv: false },
      admin,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      aboPaketId: paket.aboPaketId,
      title: 'Geändert',
      laufzeitMonate: 6,
      aktiv: false,
    });
    const all = (await get(apiUrl(aboEndpoints.pakete), admin)).json<AboPaket[]>();
    expect(all.find((p) => p.aboPaketId === paket.aboPaketId)?.title).toBe('Geändert');
  });

  it('answers 404 for a change of an unknown package', async () => {
    const response = await post(apiUrl(aboEndpoints.paketAendern), { ...valid, aboPaketId: 999999 }, admin);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(ABO_TEXTS.paketNichtGefunden);
  });

  it.each([
    [{ title: '' }, ABO_TEXTS.titelLeer],
    [{ title: '   ' }, ABO_TEXTS.titelLeer],
    [{ title: 'x'.repeat(31) }, 'Maximale Länge beachten'],
    [{ trainingsplaene: -1 }, ABO_TEXTS.anzahlLeer],
    [{ befundtermine: -1 }, ABO_TEXTS.anzahlLeer],
    [{ einzelTermineProQuartal: -1 }, ABO_TEXTS.anzahlLeer],
    [{ gruppenTermineProQuartal: -1 }, ABO_TEXTS.anzahlLeer],
    [{ kostenProQuartalCent: -1 }, ABO_TEXTS.anzahlLeer],
    [{ kuendigungsfristMonate: -1 }, ABO_TEXTS.anzahlLeer],
    [{ laufzeitMonate: -1 }, ABO_TEXTS.anzahlLeer],
    [{ buchungMonate: -3 }, ABO_TEXTS.anzahlLeer],
    [{ einzelTermineProQuartal: null }, ABO_TEXTS.anzahlLeer],
    [{ gruppenTermineProQuartal: '2' }, ABO_TEXTS.anzahlLeer],
    [{ kostenProQuartalCent: 12.5 }, ABO_TEXTS.ganzeZahl],
    [{ kostenProQuartalCent: 100_000_001 }, ABO_TEXTS.zuGross(100_000_000)],
    [{ einzelTermineProQuartal: 1000 }, ABO_TEXTS.zuGross(999)],
    [{ laufzeitMonate: 12, buchungMonate: 5 }, ABO_TEXTS.teilbar],
    [{ laufzeitMonate: 3, buchungMonate: 12 }, ABO_TEXTS.teilbar],
    [{ laufzeitMonate: 12, buchungMonate: 0 }, ABO_TEXTS.teilbar],
    [{ laufzeitMonate: 0, buchungMonate: 3 }, ABO_TEXTS.teilbar],
    [{ aktiv: 'ja' }, 'aktiv'],
    [{ unbekannt: 1 }, 'unbekannt'],
  ])('refuses %j', async (change, message) => {
    const title = `Regel ${counter++}`;
    const response = await post(apiUrl(aboEndpoints.paketAnlegen), { ...valid, title, ...change }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await t.db.select().from(aboPakete).where(eq(aboPakete.title, title))).toHaveLength(0);
  });

  it('accepts the edges: 30 characters, zero counts, term a multiple of the interval', async () => {
    for (const [laufzeitMonate, buchungMonate] of [
      [12, 1],
      [12, 12],
      [6, 2],
    ]) {
      const response = await post(
        apiUrl(aboEndpoints.paketAnlegen),
        {
          ...ABO_PAKET_DEFAULTS,
          title: 'y'.repeat(30),
          trainingsplaene: 0,
          befundtermine: 0,
          laufzeitMonate,
          buchungMonate,
        },
        admin,
      );
      expect(response.statusCode).toBe(200);
    }
  });

  it('refuses a change that breaks a rule and keeps the package', async () => {
    const paket = (
      await post(apiUrl(aboEndpoints.paketAnlegen), { ...valid, title: 'Bleibt' }, admin)
    ).json<AboPaket>();
    const response = await post(
      apiUrl(aboEndpoints.paketAendern),
      { ...paket, title: 'Kaputt', buchungMonate: 7 },
      admin,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(ABO_TEXTS.teilbar);
    const [row] = await t.db.select().from(aboPakete).where(eq(aboPakete.id, paket.aboPaketId));
    expect(row?.title).toBe('Bleibt');
  });
});

describe('GET /api/abo/patient/getStandard', () => {
  it('answers patients the packages that are active and bookable', async () => {
    const response = await get(apiUrl(aboEndpoints.standardPakete), await t.bearer('patient@demo.de'));
    expect(response.statusCode).toBe(200);
    const pakete = response.json<AboPaket[]>();
    expect(pakete.length).toBeGreaterThan(0);
    expect(pakete.every((paket) => paket.aktiv && paket.buchbar)).toBe(true);
    const titles = pakete.map((paket) => paket.title);
    expect(titles).not.toContain('Firmenabo Rücken');
    expect(titles).not.toContain('Abo Classic (2025)');
  });

  it('is for patients only', async () => {
    expect((await get(apiUrl(aboEndpoints.standardPakete))).statusCode).toBe(401);
    expect((await get(apiUrl(aboEndpoints.standardPakete), admin)).statusCode).toBe(403);
    expect((await get(apiUrl(aboEndpoints.standardPakete), await t.bearer('therapeut@demo.de'))).statusCode).toBe(403);
  });
});
