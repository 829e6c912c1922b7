import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsEndpoints } from '@dihs/contract/accounts';
import { authEndpoints } from '@dihs/contract/auth';
import { cartEndpoints } from '@dihs/contract/cart';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { ALL_ENDPOINTS } from '@dihs/contract/endpoints';
import { loeschungEndpoints } from '@dihs/contract/loeschung';
import { PROFIL_TEXTS, profilEndpoints } from '@dihs/contract/profil';
import { TERMIN_MESSAGES, terminEndpoints, type Termin } from '@dihs/contract/termin';
import { usersEndpoints } from '@dihs/contract/users';
import { buildApp } from '../app.ts';
import type { AppInstance } from '../app-types.ts';
import type { Config } from '../config.ts';
import { users } from '../modules/users/users.table.ts';
import { injectEndpoint } from '../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

let t: TestApp;
let dataDir: string;
let admin: string;
let patient: string;
let therapeut: string;
let therapeutId: number;
const extraApps: AppInstance[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-input-rules-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await t.bearer('betreiber@demo.de');
  patient = await t.bearer('patient@demo.de');
  therapeut = await t.bearer('therapeut@demo.de');
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'therapeut@demo.de'));
  therapeutId = row!.id;
});
afterAll(async () => {
  await Promise.all(extraApps.map((app) => app.close()));
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Another instance on the same database, with its own settings (and its own in-memory limits). */
async function instance(overrides: Partial<Config>): Promise<AppInstance> {
  const app = await buildApp({ config: { ...t.config, ...overrides }, db: t.db, tokens: t.tokens });
  await app.ready();
  extraApps.push(app);
  return app;
}

let attempt = 0;
/** A login of an unknown address (401), so only the per-address limit can answer 429. */
const login = (app: AppInstance, headers: Record<string, string> = {}, email = `niemand-${attempt++}@test.de`) =>
  injectEndpoint(app, authEndpoints.anmelden, { body: { email, password: 'Falsch#2026' }, headers });

/** A 400 naming the field and the rule's German message ('vorname: Vorname darf nicht leer sein.'). */
const expectBadRequest = (response: { statusCode: number; json: () => unknown }, field: string, message: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ message: `${field}: ${message}`, code: ERROR_CODES.validation });
};

describe('client addresses cannot be forged', () => {
  it('without TRUST_PROXY, a varying X-Forwarded-For does not escape the per-address login limit', async () => {
    const app = await instance({ trustProxy: false });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await login(app, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
    expect(statuses.slice(0, t.config.loginRateLimitIp).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(t.config.loginRateLimitIp).every((status) => status === 429)).toBe(true);
    // the socket's address is what counts: another machine still gets in
    const other = await app.inject({
      method: 'POST',
      url: apiUrl(authEndpoints.anmelden),
      remoteAddress: '203.0.113.99',
      payload: { email: 'niemand@test.de', password: 'Falsch#2026' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('with TRUST_PROXY=1, the address the proxy wrote is the client', async () => {
    const app = await instance({ trustProxy: 1 });
    for (let i = 0; i < t.config.loginRateLimitIp; i++)
      expect((await login(app, { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(401);
    expect((await login(app, { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(429);
    // a client's own entry in front of the proxy's does not help: only the last hop is believed
    expect((await login(app, { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' })).statusCode).toBe(429);
    expect((await login(app, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(401);
  });

  describe('with REDIS_URL, instances share the limits', () => {
    const prefix = `dihs-test-${randomUUID()}:`;
    afterAll(async () => {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('the per-address login limit holds across two instances', async () => {
      const shared = { redisUrl: REDIS_URL, redisKeyPrefix: prefix, trustProxy: 1 as const };
      const [first, second] = [await instance(shared), await instance(shared)];
      const from = { 'x-forwarded-for': '192.0.2.10' };
      for (let i = 0; i < t.config.loginRateLimitIp; i++)
        expect((await login(i % 2 ? second : first, from)).statusCode).toBe(401);
      expect((await login(first, from)).statusCode).toBe(429);
      expect((await login(second, from)).statusCode).toBe(429);
    });

    it('the per-account login limit holds across two instances', async () => {
      const shared = { redisUrl: REDIS_URL, redisKeyPrefix: prefix, trustProxy: 1 as const };
      const [first, second] = [await instance(shared), await instance(shared)];
      const email = `geteilt-${randomUUID()}@test.de`;
      // every attempt from another address, so only the account's window counts
      const from = (i: number) => ({ 'x-forwarded-for': `192.0.2.${100 + i}` });
      for (let i = 0; i < t.config.loginRateLimitAccount; i++)
        expect((await login(i % 2 ? second : first, from(i), email)).statusCode).toBe(401);
      const limited = await login(second, from(99), email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: ERROR_CODES.rateLimited });
    });
  });
});

describe('input means what it says', () => {
  describe('required names and texts are trimmed before the emptiness check', () => {
    const registration = {
      vorname: 'Anna',
      nachname: 'Muster',
      email: 'anna.leer@test.de',
      passwort: 'Demo#2026',
      passwortWiederholen: 'Demo#2026',
      strasse: '',
      hausnummer: '',
      plz: '',
      stadt: '',
      land: '',
      geburtsdatum: '1990-05-01',
      einverstaendnis: true,
    };

    it('refuses a first or last name of only spaces at registration', async () => {
      expectBadRequest(
        await injectEndpoint(t.app, accountsEndpoints.registrieren, { body: { ...registration, vorname: '   ' } }),
        'vorname',
        'Vorname darf nicht leer sein.',
      );
      expectBadRequest(
        await injectEndpoint(t.app, accountsEndpoints.registrieren, { body: { ...registration, nachname: ' \t ' } }),
        'nachname',
        'Nachname darf nicht leer sein.',
      );
    });

    it('refuses an appointment whose findings are only spaces', async () => {
      const body = {
        befund: '   ',
        details: 'x',
        termintyp: 'GRUPPE',
        therapeutId,
        datum: '2031-03-04',
        uhrzeit: '10:00',
        maxTeilnehmer: 5,
        dauer: 30,
      };
      expectBadRequest(
        await injectEndpoint(t.app, terminEndpoints.speichern, { authorization: admin, body }),
        'befund',
        TERMIN_MESSAGES.befundLeer,
      );
    });
  });

  describe('JSON values are not turned into numbers', () => {
    const termin = (overrides: Record<string, unknown>) => ({
      befund: 'Zahlen',
      details: 'Prüfung',
      termintyp: 'GRUPPE',
      therapeutId,
      datum: '2031-03-04',
      uhrzeit: '10:00',
      maxTeilnehmer: 5,
      dauer: 30,
      ...overrides,
    });
    const save = (overrides: Record<string, unknown>) =>
      injectEndpoint(t.app, terminEndpoints.speichern, { authorization: admin, body: termin(overrides) });

    it('refuses true, null, arrays and hex text as a count or duration', async () => {
      expectBadRequest(await save({ maxTeilnehmer: true }), 'maxTeilnehmer', TERMIN_MESSAGES.maxTeilnehmerLeer);
      expectBadRequest(await save({ maxTeilnehmer: null }), 'maxTeilnehmer', TERMIN_MESSAGES.maxTeilnehmerLeer);
      expectBadRequest(await save({ maxTeilnehmer: [3] }), 'maxTeilnehmer', TERMIN_MESSAGES.maxTeilnehmerLeer);
      expectBadRequest(await save({ dauer: false }), 'dauer', TERMIN_MESSAGES.dauerLeer);
      expectBadRequest(await save({ dauer: '0x1e' }), 'dauer', TERMIN_MESSAGES.dauerBereich);
      expectBadRequest(await save({ dauer: '3e1' }), 'dauer', TERMIN_MESSAGES.dauerBereich);
    });

    it("still takes the form's digits as text, and JSON numbers", async () => {
      const saved = await save({ maxTeilnehmer: '7', dauer: 45 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json<Termin>()).toMatchObject({ maxTeilnehmer: 7, dauer: 45 });
    });

    it('refuses ids in JSON bodies that are text or booleans', async () => {
      expectBadRequest(
        await injectEndpoint(t.app, cartEndpoints.anlegen, { authorization: patient, body: [{ id: '5' }] }),
        '0.id',
        'Ungültige Termin-ID.',
      );
      expectBadRequest(
        await injectEndpoint(t.app, terminEndpoints.terminlistePdf, { authorization: patient, body: { ids: [true] } }),
        'ids.0',
        TERMIN_MESSAGES.ungueltigeId,
      );
    });
  });

  describe('ids in paths are decimal integers', () => {
    it.each(['0x7ffffff0', '1e3', '+5', ' 5', '5.0', '0', '-5', '2147483648', '9'.repeat(25)])(
      'refuses %j as an appointment id',
      async (id) => {
        expectBadRequest(
          await injectEndpoint(t.app, terminEndpoints.betreiberEiner, { authorization: admin, params: { id } }),
          'id',
          TERMIN_MESSAGES.ungueltigeId,
        );
      },
    );

    it('refuses hex ids on other modules too, and still reads decimal ones', async () => {
      expectBadRequest(
        await injectEndpoint(t.app, usersEndpoints.berechtigungen, {
          authorization: admin,
          params: { id: '0x10' },
          body: [],
        }),
        'id',
        'Ungültige Benutzer-ID.',
      );
      expectBadRequest(
        await injectEndpoint(t.app, loeschungEndpoints.istGeloescht, {
          authorization: admin,
          params: { patientId: '0x10' },
        }),
        'patientId',
        'Ungültige Patienten-ID.',
      );
      const ok = await injectEndpoint(t.app, profilEndpoints.profilbild, {
        authorization: admin,
        params: { userId: String(therapeutId) },
      });
      expect(ok.statusCode).not.toBe(400);
    });

    it('every id parameter of every endpoint refuses what is not decimal digits', () => {
      const lax: string[] = [];
      for (const [module, declarations] of Object.entries(ALL_ENDPOINTS))
        for (const [name, declaration] of Object.entries(declarations)) {
          const params = declaration.params as {
            shape?: Record<string, { safeParse(v: unknown): { success: boolean } }>;
          };
          for (const [key, rule] of Object.entries(params?.shape ?? {})) {
            const probe = rule.safeParse('12') as { success: boolean; data?: unknown };
            if (typeof probe.data !== 'number') continue; // not a number parameter (code, role, url, token, ...)
            if (rule.safeParse('0x10').success || rule.safeParse('1e3').success || rule.safeParse(' 12').success)
              lax.push(`${module}.${name}:${key}`);
          }
        }
      expect(lax).toEqual([]);
    });
  });

  describe('an upload is read only from the field the endpoint names', () => {
    const image = () =>
      sharp({ create: { width: 20, height: 20, channels: 3, background: '#36a' } })
        .png()
        .toBuffer();
    const multipart = (field: string, file: Buffer) => {
      const boundary = '----dihs-input-rules';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="bild.png"\r\n` +
            `Content-Type: image/png\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    };

    it('refuses a file under another field name with a German 400', async () => {
      const { payload, headers } = multipart('bild', await image());
      const response = await injectEndpoint(t.app, profilEndpoints.profilbildHochladen, {
        authorization: therapeut,
        headers,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: PROFIL_TEXTS.bildFeld });
    });

    it(`takes the file from the field "${profilEndpoints.profilbildHochladen.fileField}"`, async () => {
      const { payload, headers } = multipart(profilEndpoints.profilbildHochladen.fileField, await image());
      const response = await injectEndpoint(t.app, profilEndpoints.profilbildHochladen, {
        authorization: therapeut,
        headers,
        payload,
      });
      expect(response.statusCode).toBe(200);
    });
  });
});
