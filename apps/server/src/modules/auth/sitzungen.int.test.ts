import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsEndpoints } from '@dihs/contract/accounts';
import { authEndpoints, type Sitzung } from '@dihs/contract/auth';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { mailOutbox } from '../mail/mail.table.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { loginSessions } from '../users/sessions.table.ts';
import { users } from '../users/users.table.ts';

/**
 * Issue 31 item 7 (O.Auth_5): the own sessions listed ("Angemeldete Geräte"), one ended from another device, all
 * ended ("Überall abmelden"), another account's session out of reach, and the mail for a login from a device the
 * account has not used before. Runs on PostgreSQL and on the embedded database.
 */

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const NEW_DEVICE_SUBJECT = 'Neue Anmeldung bei DiHS Teletherapie';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '1000' });
});
afterAll(() => t.close());

/** A login as a browser makes it: its user agent and, when it has one, its device cookie. */
async function login(email: string, userAgent: string, cookie?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: apiUrl(authEndpoints.anmelden),
    payload: { email, password: DEMO_PASSWORD },
    headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
    remoteAddress: '203.0.113.7',
  });
  expect(response.statusCode).toBe(200);
  const setCookie = String(response.headers['set-cookie']);
  return {
    bearer: `Bearer ${response.json<{ token: string }>().token}`,
    sid: decodeJwt(response.json<{ token: string }>().token).sid as string,
    setCookie,
    cookie: setCookie.split(';')[0]!,
  };
}

const list = (authorization: string) =>
  t.app.inject({ method: 'GET', url: apiUrl(authEndpoints.sitzungen), headers: { authorization } });
const endOne = (authorization: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: apiUrl(authEndpoints.sitzungAbmelden, { params: { id } }),
    headers: { authorization },
  });
const endAll = (authorization: string) =>
  t.app.inject({ method: 'POST', url: apiUrl(authEndpoints.ueberallAbmelden), headers: { authorization } });

/** An account of its own (patient, demo password), with no session yet. */
async function freshAccount(): Promise<string> {
  const email = `geraete-${randomUUID()}@test.de`;
  const [demo] = await t.db.select().from(users).where(eq(users.email, 'patient@demo.de'));
  await t.db.insert(users).values({ email, passwordHash: demo!.passwordHash, role: 'PATIENT', emailConfirmed: true });
  return email;
}

const newDeviceMails = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .then((rows) => rows.filter((row) => row.subject === NEW_DEVICE_SUBJECT));

describe('Angemeldete Geräte', () => {
  it('lists the own running sessions with device, browser, address and times, the current one marked', async () => {
    const email = await freshAccount();
    const a = await login(email, FIREFOX_WINDOWS);
    const b = await login(email, SAFARI_IPHONE, a.cookie);
    const response = await list(a.bearer);
    expect(response.statusCode).toBe(200);
    const sessions = response.json<Sitzung[]>();
    expect(sessions).toHaveLength(2);
    const own = sessions.find((session) => session.id === a.sid)!;
    expect(own).toMatchObject({ geraet: 'Windows-PC', browser: 'Firefox 133', adresse: '203.0.113.7', aktuell: true });
    expect(sessions.find((session) => session.id === b.sid)).toMatchObject({
      geraet: 'iPhone (iOS 18)',
      browser: 'Safari 18',
      aktuell: false,
    });
    expect(Date.parse(own.angemeldetAm)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(own.letzteAktivitaet)).toBeGreaterThanOrEqual(Date.parse(own.angemeldetAm));
    // the device cookie: only for the login, out of reach of scripts and other sites, for 400 days
    expect(a.setCookie).toMatch(
      /^dihs_geraet=[A-Za-z0-9_-]{43}; Path=\/api\/authenticate; Max-Age=34560000; HttpOnly; SameSite=Strict$/,
    );
  });

  it('a session ended from another device: its next request is refused, the other goes on', async () => {
    const email = await freshAccount();
    const a = await login(email, FIREFOX_WINDOWS);
    const b = await login(email, SAFARI_IPHONE);
    expect((await list(b.bearer)).statusCode).toBe(200);
    const ended = await endOne(a.bearer, b.sid);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toBe(true);
    expect((await list(b.bearer)).statusCode).toBe(401);
    const left = (await list(a.bearer)).json<Sitzung[]>();
    expect(left.map((session) => session.id)).toEqual([a.sid]);
    // a second time: no such running session
    expect((await endOne(a.bearer, b.sid)).statusCode).toBe(404);
  });

  it('a patient cannot end another account’s session (404) and does not learn of it', async () => {
    const victim = await login(await freshAccount(), FIREFOX_WINDOWS);
    const other = await login(await freshAccount(), SAFARI_IPHONE);
    const refused = await endOne(other.bearer, victim.sid);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'Diese Sitzung gibt es nicht oder sie ist bereits beendet.' });
    expect((await list(victim.bearer)).statusCode).toBe(200);
    expect((await list(other.bearer)).json<Sitzung[]>().map((session) => session.id)).toEqual([other.sid]);
  });

  it('"Überall abmelden" ends every session of the account, the caller’s too', async () => {
    const email = await freshAccount();
    const a = await login(email, FIREFOX_WINDOWS);
    const b = await login(email, SAFARI_IPHONE);
    const other = await t.bearer('patient2@demo.de');
    expect((await endAll(a.bearer)).statusCode).toBe(200);
    expect((await list(a.bearer)).statusCode).toBe(401);
    expect((await list(b.bearer)).statusCode).toBe(401);
    expect((await list(other)).statusCode).toBe(200);
    const c = await login(email, FIREFOX_WINDOWS, a.cookie);
    expect((await list(c.bearer)).json<Sitzung[]>().map((session) => session.id)).toEqual([c.sid]);
  });

  it('a logout ends the listed session; a password change keeps the caller’s session listed', async () => {
    const email = await freshAccount();
    const a = await login(email, FIREFOX_WINDOWS);
    const b = await login(email, SAFARI_IPHONE);
    const logout = await t.app.inject({
      method: 'POST',
      url: apiUrl(authEndpoints.abmelden),
      headers: { authorization: b.bearer },
    });
    expect(logout.statusCode).toBe(200);
    expect((await list(a.bearer)).json<Sitzung[]>().map((session) => session.id)).toEqual([a.sid]);
    const changed = await t.app.inject({
      method: 'POST',
      url: apiUrl(accountsEndpoints.passwortAendern),
      headers: { authorization: a.bearer },
      payload: { passwort: DEMO_PASSWORD, passwortWiederholen: DEMO_PASSWORD, aktuellesPasswort: DEMO_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = `Bearer ${changed.json<{ token: string }>().token}`;
    expect((await list(a.bearer)).statusCode).toBe(401);
    const sessions = (await list(renewed)).json<Sitzung[]>();
    expect(sessions).toMatchObject([{ id: a.sid, aktuell: true }]);
    // ending it revokes the renewed token
    const c = await login(email, SAFARI_IPHONE, a.cookie);
    expect((await endOne(c.bearer, a.sid)).statusCode).toBe(200);
    expect((await list(renewed)).statusCode).toBe(401);
  });

  it('notes the last activity and address of a request, at most once a minute', async () => {
    const email = await freshAccount();
    const a = await login(email, FIREFOX_WINDOWS);
    const past = new Date(Date.now() - 5 * 60_000);
    await t.db.update(loginSessions).set({ lastActivity: past }).where(eq(loginSessions.id, a.sid));
    const request = () =>
      t.app.inject({
        method: 'GET',
        url: apiUrl(authEndpoints.berechtigungen),
        headers: { authorization: a.bearer },
        remoteAddress: '198.51.100.4',
      });
    expect((await request()).statusCode).toBe(200);
    const row = async () => (await t.db.select().from(loginSessions).where(eq(loginSessions.id, a.sid)))[0]!;
    await vi.waitFor(async () => expect((await row()).lastActivity.getTime()).toBeGreaterThan(past.getTime()), {
      timeout: 2000,
    });
    expect((await row()).address).toBe('198.51.100.4');
    // a request within the minute writes nothing
    await t.db.update(loginSessions).set({ lastActivity: past }).where(eq(loginSessions.id, a.sid));
    expect((await request()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await row()).lastActivity.getTime()).toBe(past.getTime());
  });
});

describe('Neue Anmeldung bei DiHS Teletherapie', () => {
  it('mails a login from a device not seen before once; not the first login, not a known device', async () => {
    const email = await freshAccount();
    // the account's first login: nothing to compare with, no mail
    const first = await login(email, FIREFOX_WINDOWS);
    // the same browser again (it sends the cookie it got): known
    const again = await login(email, FIREFOX_WINDOWS, first.cookie);
    expect(again.cookie).toBe(first.cookie);
    expect(await newDeviceMails(email)).toHaveLength(0);

    // a browser without the cookie: a new device, one mail
    const phone = await login(email, SAFARI_IPHONE);
    expect(phone.cookie).not.toBe(first.cookie);
    const mails = await newDeviceMails(email);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toMatch(/Zeitpunkt: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/);
    expect(text).toContain('Gerät: iPhone (iOS 18)');
    expect(text).toContain('Browser: Safari 18');
    expect(text).toContain('Adresse: 203.0.113.7');
    expect(text).toContain('ändern Sie bitte sofort Ihr Passwort');
    expect(text).toContain('„Überall abmelden“');

    // that device is known from now on, and so is the first one still
    await login(email, SAFARI_IPHONE, phone.cookie);
    await login(email, FIREFOX_WINDOWS, first.cookie);
    expect(await newDeviceMails(email)).toHaveLength(1);

    // a cookie of another account's browser is no device of this account
    const elsewhere = await login(await freshAccount(), FIREFOX_WINDOWS);
    await login(email, FIREFOX_WINDOWS, elsewhere.cookie);
    expect(await newDeviceMails(email)).toHaveLength(2);
  });

  it('a malformed device cookie counts as none', async () => {
    const email = await freshAccount();
    await login(email, FIREFOX_WINDOWS);
    const forged = await login(email, FIREFOX_WINDOWS, 'dihs_geraet=kurz');
    expect(forged.cookie).toMatch(/^dihs_geraet=[A-Za-z0-9_-]{43}$/);
    expect(await newDeviceMails(email)).toHaveLength(1);
  });
});
