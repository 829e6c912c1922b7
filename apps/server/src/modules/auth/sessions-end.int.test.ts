import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsEndpoints } from '@dihs/contract/accounts';
import { authEndpoints } from '@dihs/contract/auth';
import { MAX_FAILED_LOGINS } from '@dihs/contract/common/constants';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { MESSAGES } from '@dihs/contract/common/messages';
import { loeschungEndpoints } from '@dihs/contract/loeschung';
import { usersEndpoints } from '@dihs/contract/users';
import { buildApp } from '../../app.ts';
import type { AppInstance } from '../../app-types.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/test-app.ts';
import { issueCode } from '../codes/index.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { revokedTokens } from '../users/sessions.table.ts';
import { users } from '../users/users.table.ts';
import { connectClient, type TestClient } from '../video/video-test-support.ts';

/**
 * Sessions end at once (docs/decisions.md "Sessions end at once"): with the account cache at its default (10 s,
 * not the tests' usual 0), a logout and every account change that ends sessions are refused on the next request,
 * on this instance and on another one. Both setups: Redis pub/sub, and PostgreSQL LISTEN/NOTIFY without Redis.
 */

const REDIS_URL = 'redis://127.0.0.1:6379';
// the default of SESSION_CHECK_SECONDS, passed explicitly: test-app.ts sets 0 for the other tests
const DEFAULT_CACHE = { SESSION_CHECK_SECONDS: '10', LOGIN_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '1000' };
const NEW_PASSWORD = 'Neues#Passwort1';

/**
 * The instance that makes the change applies it before it answers. The other one hears it a moment later: Redis
 * queues the message to every subscriber with its answer to the PUBLISH but may write the publisher's answer first,
 * PostgreSQL sends a notification to each listener a moment after the commit (here: median 0.3 ms, rarely up to
 * about 30 ms). So the other instance is checked within a second, well inside the 10 s its cache would admit.
 */
const setups = [
  { name: 'Redis', env: () => ({ ...DEFAULT_CACHE, REDIS_URL, REDIS_KEY_PREFIX: `test-${randomUUID()}:` }) },
  { name: 'PostgreSQL ohne Redis', env: () => DEFAULT_CACHE },
];

describe.each(setups)('sessions end at once, two instances ($name)', ({ env }) => {
  let t: TestApp;
  let second: AppInstance;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(env());
    second = await buildApp({ config: t.config, db: t.db, tokens: t.tokens });
    // The instances are asked over real HTTP, as a browser would: a request arrives through the event loop like the
    // invalidation does, while app.inject runs start to end without the loop reading the event's socket in between.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await second.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.bearer('betreiber@demo.de');
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** Any authenticated call on the given instance: its status tells whether the session gate admits the token. */
  const baseOf = (app: AppInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const statusOn = async (app: AppInstance, authorization: string) =>
    (await fetch(`${baseOf(app)}${apiUrl(authEndpoints.berechtigungen)}`, { headers: { authorization } })).status;
  /** Both instances, after each has the account in its cache (so a stale cache would still admit). */
  const statusBoth = async (authorization: string) => [
    await statusOn(t.app, authorization),
    await statusOn(second, authorization),
  ];

  /** The token is refused at once by the instance that ended the session, and by the other one within a second. */
  async function expectRefused(authorization: string, changedOn: AppInstance) {
    expect(await statusOn(changedOn, authorization)).toBe(401);
    await vi.waitFor(async () => expect(await statusBoth(authorization)).toEqual([401, 401]), {
      timeout: 1000,
      interval: 5,
    });
  }

  const rowOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!;

  /** An account of its own with the demo password; two sessions of it, both admitted (and cached) everywhere. */
  async function freshAccount(role: 'PATIENT' | 'THERAPEUT' = 'PATIENT') {
    const email = `sitzung-${randomUUID()}@test.de`;
    const [row] = await t.db
      .insert(users)
      .values({ email, passwordHash: (await rowOf('patient@demo.de')).passwordHash, role, emailConfirmed: true })
      .returning({ id: users.id });
    const one = await t.bearer(email);
    const other = await t.bearer(email);
    expect(await statusBoth(one)).toEqual([200, 200]);
    expect(await statusBoth(other)).toEqual([200, 200]);
    return { id: row!.id, email, one, other };
  }

  const logout = async (app: AppInstance, authorization: string) => {
    const response = await fetch(`${baseOf(app)}${apiUrl(authEndpoints.abmelden)}`, {
      method: 'POST',
      headers: { authorization },
    });
    return { statusCode: response.status, json: () => response.json() };
  };

  it('a logged-out token is refused at once on both instances; the account’s other session stays', async () => {
    const { one, other } = await freshAccount();
    const response = await logout(t.app, one);
    expect(response.statusCode).toBe(200);
    expect(await response.json()).toBe(true);
    await expectRefused(one, t.app);
    expect(await statusBoth(other)).toEqual([200, 200]);
    // a second logout of the same token is a refused token like any other
    expect((await logout(second, one)).statusCode).toBe(401);
  });

  it('a logout on the second instance is refused on the first at once', async () => {
    const { one } = await freshAccount();
    expect((await logout(second, one)).statusCode).toBe(200);
    await expectRefused(one, second);
  });

  it('a logout outlives a restart: a new instance loads the revoked tokens', async () => {
    const { one, other } = await freshAccount();
    expect((await logout(t.app, one)).statusCode).toBe(200);
    const third = await buildApp({ config: t.config, db: t.db, tokens: t.tokens });
    try {
      await third.listen({ port: 0, host: '127.0.0.1' });
      expect(await statusOn(third, one)).toBe(401);
      expect(await statusOn(third, other)).toBe(200);
    } finally {
      await third.close();
    }
  });

  it('the logout needs a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: apiUrl(authEndpoints.abmelden) })).statusCode).toBe(401);
  });

  it('the own password change ends the other sessions at once; the answered token goes on', async () => {
    const { one, other } = await freshAccount();
    const response = await t.app.inject({
      method: 'POST',
      url: apiUrl(accountsEndpoints.passwortAendern),
      headers: { authorization: one },
      payload: { passwort: NEW_PASSWORD, passwortWiederholen: NEW_PASSWORD, aktuellesPasswort: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    await expectRefused(other, t.app);
    await expectRefused(one, t.app);
    expect(await statusBoth(`Bearer ${response.json<{ token: string }>().token}`)).toEqual([200, 200]);
  });

  it('the password reset by mailed code ends every session at once', async () => {
    const { id, one } = await freshAccount();
    const code = await issueCode(t.db, { userId: id, purpose: 'PASSWORT_RESET' });
    const response = await second.inject({
      method: 'POST',
      url: apiUrl(accountsEndpoints.passwortMitCodeSetzen, { params: { code } }),
      payload: { passwort: NEW_PASSWORD, passwortWiederholen: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    await expectRefused(one, second);
  });

  it('an operator’s password change ends every session of the account at once', async () => {
    const { id, one, other } = await freshAccount();
    const response = await t.app.inject({
      method: 'POST',
      url: apiUrl(usersEndpoints.passwort, { params: { id } }),
      headers: { authorization: admin, 'content-type': 'text/plain' },
      payload: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    await expectRefused(one, t.app);
    await expectRefused(other, t.app);
    expect(await statusOn(second, admin)).toBe(200);
  });

  it('the lock after too many wrong passwords ends every session at once', async () => {
    const { email, one } = await freshAccount();
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      await second.inject({
        method: 'POST',
        url: apiUrl(authEndpoints.anmelden),
        payload: { email, password: `Falsch#${i}` },
      });
    }
    expect((await rowOf(email)).lockedAt).not.toBeNull();
    await expectRefused(one, second);
  });

  const setPrivileges = (id: number, payload: { privileges: number[]; active: boolean }) =>
    t.app.inject({
      method: 'POST',
      url: apiUrl(usersEndpoints.berechtigungen, { params: { id } }),
      headers: { authorization: admin },
      payload,
    });

  it('a deactivation ends every session at once', async () => {
    const { id, one } = await freshAccount();
    expect((await setPrivileges(id, { privileges: [], active: false })).statusCode).toBe(200);
    await expectRefused(one, t.app);
  });

  it('a privilege change ends every session at once; saving unchanged ends none', async () => {
    const { id, email, one } = await freshAccount('THERAPEUT');
    expect((await setPrivileges(id, { privileges: [], active: true })).statusCode).toBe(200);
    expect(await statusBoth(one)).toEqual([200, 200]);
    const granted = (await rowOf('therapeut@demo.de')).privileges;
    expect(granted.length).toBeGreaterThan(0);
    expect((await setPrivileges(id, { privileges: granted, active: true })).statusCode).toBe(200);
    await expectRefused(one, t.app);
    // the new login carries the new privileges
    expect(await statusBoth(await t.bearer(email))).toEqual([200, 200]);
  });

  it('an operator’s e-mail change ends every session at once', async () => {
    const { id, one } = await freshAccount();
    const response = await t.app.inject({
      method: 'POST',
      url: apiUrl(usersEndpoints.email, { params: { id } }),
      headers: { authorization: admin, 'content-type': 'text/plain' },
      payload: `neu-${randomUUID()}@test.de`,
    });
    expect(response.statusCode).toBe(200);
    await expectRefused(one, t.app);
  });

  it('the own e-mail change, completed by the mailed code, ends every session at once', async () => {
    const { id, one } = await freshAccount();
    const code = await issueCode(t.db, {
      userId: id,
      purpose: 'EMAIL_AENDERN',
      newEmail: `neu-${randomUUID()}@test.de`,
    });
    const response = await second.inject({
      method: 'GET',
      url: apiUrl(accountsEndpoints.emailAenderungAbschliessen, { params: { code } }),
    });
    expect(response.statusCode).toBe(200);
    await expectRefused(one, second);
  });

  it('a deletion ends every session when it is requested', async () => {
    const { id, one } = await freshAccount();
    const response = await t.app.inject({
      method: 'DELETE',
      url: apiUrl(loeschungEndpoints.loeschen, { params: { patientId: id } }),
      headers: { authorization: admin },
    });
    expect(response.statusCode).toBe(200);
    await expectRefused(one, t.app);
  });

  it('forged, unsigned and expired tokens are still refused', async () => {
    const { id, email } = await freshAccount();
    const claims = { role: 'PATIENT', privileges: [], userId: id, jti: randomUUID() };
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(email)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(`${TEST_JWT_SECRET}-anders`));
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(email)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ ...claims, sub: email, exp: now + 3600 })).toString('base64url');
    for (const token of [forged, expired, `${header}.${body}.`]) {
      expect(await statusBoth(`Bearer ${token}`)).toEqual([401, 401]);
    }
  });

  it('the logout is stored with the token’s expiry, so it can be pruned after it', async () => {
    const { one } = await freshAccount();
    expect((await logout(t.app, one)).statusCode).toBe(200);
    const { jti, exp } = JSON.parse(Buffer.from(one.split('.')[1]!, 'base64url').toString()) as {
      jti: string;
      exp: number;
    };
    const [row] = await t.db.select().from(revokedTokens).where(eq(revokedTokens.jti, jti));
    expect(row?.validUntil.getTime()).toBe(exp * 1000);
  });

  it('a logged-out session’s video socket is refused at its next SEND, on the other instance too', async () => {
    const url = `${baseOf(second).replace('http', 'ws')}/ws`;
    const { one } = await freshAccount();
    const open: TestClient[] = [];
    try {
      const socket = await connectClient(url, one);
      open.push(socket);
      socket.send({ command: 'ping' });
      await socket.next('pingOK');
      expect((await logout(t.app, one)).statusCode).toBe(200);
      await expectRefused(one, t.app);
      socket.send({ command: 'ping' });
      await socket.closed;
      expect(socket.errors[0]?.headers.message).toBe(MESSAGES.sitzungUngueltig);
    } finally {
      await Promise.all(open.map((client) => client.disconnect()));
    }
  });
});
