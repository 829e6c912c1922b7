import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, ZWEITER_FAKTOR_PFLICHT_TEXT } from '@dihs/contract/auth';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { inhaltEndpoints } from '@dihs/contract/inhalt';
import { secondFactorEndpoints } from '@dihs/contract/second-factor';
import { buildApp } from '../../app.ts';
import type { AppInstance } from '../../app-types.ts';
import { createTokenService } from '../../lib/jwt.ts';
import { readJwtClaims } from '../../test/jwt-claims.ts';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { connectClient } from '../video/video-test-support.ts';

/**
 * Issue 31 item 5: the second-factor duty is a claim of the token. Instance A requires a second factor of operators
 * (REQUIRE_2FA_ROLES=BETREIBER), instance B requires none; both share the JWT secret and the database, as two
 * instances during a configuration change do. A token issued with the duty is held to the set-up on both until a
 * login with the code issues one without it.
 */
let t: TestApp;
let a: AppInstance;
let b: AppInstance;
beforeAll(async () => {
  t = await createTestApp({
    REQUIRE_2FA_ROLES: 'BETREIBER',
    LOGIN_RATE_LIMIT_IP: '1000',
    LOGIN_RATE_LIMIT_ACCOUNT: '1000',
  });
  a = t.app;
  // its own token service (the same secret), as another process has
  b = await buildApp({
    config: { ...t.config, requireSecondFactorRoles: [] },
    db: t.db,
    tokens: createTokenService(t.config.jwtSecret, t.config.tokenTtlSeconds),
  });
  await b.ready();
}, 60_000);
afterAll(async () => {
  await b?.close();
  await t?.close();
});

let counter = 0;
/** A fresh operator without a second factor, with the demo password. */
async function operatorAccount(): Promise<string> {
  const email = `pflicht-token-${counter++}@test.de`;
  const [template] = await t.db.select().from(users).where(eq(users.email, 'betreiber@demo.de'));
  await t.db.insert(users).values({ email, passwordHash: template!.passwordHash, role: 'BETREIBER', privileges: [] });
  return email;
}

async function loginOn(app: AppInstance, email: string, secondFactorCode?: string): Promise<string> {
  const response = await injectEndpoint(app, authEndpoints.anmelden, {
    body: { email, password: DEMO_PASSWORD, ...(secondFactorCode ? { secondFactorCode } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return `Bearer ${response.json<{ token: string }>().token}`;
}

/** An endpoint any logged-in user may call, outside the set-up. */
const restricted = (app: AppInstance, bearer: string) =>
  injectEndpoint(app, authEndpoints.berechtigungen, { authorization: bearer });
const statusBoth = async (bearer: string) => [
  (await restricted(a, bearer)).statusCode,
  (await restricted(b, bearer)).statusCode,
];

/** Sets up the factor through the given instance with the given session; answers the key. */
async function setUpOn(app: AppInstance, bearer: string): Promise<string> {
  const step1 = await injectEndpoint(app, secondFactorEndpoints.aktivieren, {
    authorization: bearer,
    body: { password: DEMO_PASSWORD },
  });
  expect(step1.statusCode).toBe(200);
  const { privateKey } = step1.json<{ privateKey: string }>();
  const step2 = await injectEndpoint(app, secondFactorEndpoints.aktivieren, {
    authorization: bearer,
    body: { password: DEMO_PASSWORD, privateKey, token: await generate({ secret: privateKey }) },
  });
  expect(step2.json()).toBe(true);
  return privateKey;
}

describe('the second-factor duty travels in the token (issue 31 item 5)', () => {
  it('holds a token with an unfulfilled duty on an instance without the duty, until a login with the code', async () => {
    const email = await operatorAccount();
    const held = await loginOn(a, email);
    expect(readJwtClaims(held).zweiterFaktorEinrichten).toBe(true);

    // B has no duty of its own, yet refuses the session with today's answer
    const refused = await restricted(b, held);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: ZWEITER_FAKTOR_PFLICHT_TEXT,
      code: ERROR_CODES.secondFactorSetupRequired,
    });
    expect(await statusBoth(held)).toEqual([403, 403]);
    // a public page answers as to a visitor there too, and the set-up itself is open on B
    const page = await injectEndpoint(b, inhaltEndpoints.seite, { authorization: held, params: { url: 'impressum' } });
    expect(page.statusCode).toBe(200);
    const status = await injectEndpoint(b, secondFactorEndpoints.status, { authorization: held });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toBe(false);

    // set up through B: the token issued without a code stays held on both
    const key = await setUpOn(b, held);
    expect(await statusBoth(held)).toEqual([403, 403]);

    // a login with the code, on either instance, issues a token without the duty that works on both
    for (const app of [a, b]) {
      const fresh = await loginOn(app, email, await generate({ secret: key }));
      expect(readJwtClaims(fresh).zweiterFaktorEinrichten).toBeUndefined();
      expect(await statusBoth(fresh)).toEqual([200, 200]);
    }
  });

  it('refuses the held session on the STOMP socket of the instance without the duty', async () => {
    const held = await loginOn(a, await operatorAccount());
    await b.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(b.server.address() as { port: number }).port}/ws`;
    await expect(connectClient(url, held, { subscribe: false })).rejects.toThrow();
  });

  it('lets the held session log out on the instance without the duty', async () => {
    const held = await loginOn(a, await operatorAccount());
    expect((await injectEndpoint(b, authEndpoints.abmelden, { authorization: held })).statusCode).toBe(200);
    expect((await injectEndpoint(a, secondFactorEndpoints.status, { authorization: held })).statusCode).toBe(401);
  });

  it('holds a token without the claim by the own duty of the instance that has one, as before', async () => {
    // B issues no duty; A still holds the account without a factor (tokens from before the claim was honoured are
    // treated alike: they carry no claim either)
    const email = await operatorAccount();
    const fromB = await loginOn(b, email);
    expect(readJwtClaims(fromB).zweiterFaktorEinrichten).toBeUndefined();
    expect(await statusBoth(fromB)).toEqual([403, 200]);

    // once the account has a factor, A's own duty is met; the claim-less token works on both
    await setUpOn(a, fromB);
    expect(await statusBoth(fromB)).toEqual([200, 200]);
  });
});
