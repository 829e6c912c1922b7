import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, ZWEITER_FAKTOR_PFLICHT_TEXT } from '@dihs/contract/auth';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { privilegeCode, type Role } from '@dihs/contract/common/roles';
import { inhaltEndpoints } from '@dihs/contract/inhalt';
import { secondFactorEndpoints } from '@dihs/contract/second-factor';
import { readJwtClaims } from '../../test/jwt-claims.ts';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { connectClient } from '../video/video-test-support.ts';
import { users } from '../users/users.table.ts';

/** REQUIRE_2FA_ROLES: an account of a listed role without a second factor may only set one up. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    REQUIRE_2FA_ROLES: 'BETREIBER',
    LOGIN_RATE_LIMIT_IP: '1000',
    LOGIN_RATE_LIMIT_ACCOUNT: '1000',
  });
}, 60_000);
afterAll(() => t.close());

let counter = 0;
async function account(role: Role, privileges: number[] = []): Promise<{ email: string; bearer: string }> {
  const email = `pflicht-${role.toLowerCase()}-${counter++}@test.de`;
  const [template] = await t.db.select().from(users).where(eq(users.email, 'betreiber@demo.de'));
  await t.db.insert(users).values({ email, passwordHash: template!.passwordHash, role, privileges });
  return { email, bearer: await t.bearer(email) };
}

/** An endpoint any logged-in user may call. */
const anyLoginCall = (bearer: string) => injectEndpoint(t.app, authEndpoints.berechtigungen, { authorization: bearer });

describe('second factor required for a role', () => {
  it('gives an operator without a second factor a session that can only set one up, then full access', async () => {
    const operator = await account('BETREIBER', [privilegeCode('BENUTZER_VERWALTEN')]);
    const claims = readJwtClaims(operator.bearer);
    expect(claims.zweiterFaktorEinrichten).toBe(true);

    const refused = await anyLoginCall(operator.bearer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: ZWEITER_FAKTOR_PFLICHT_TEXT,
      code: ERROR_CODES.secondFactorSetupRequired,
    });
    expect(
      (await injectEndpoint(t.app, authEndpoints.berechtigungen, { authorization: operator.bearer })).statusCode,
    ).toBe(403);
    // a public page answers as to a visitor: the session gains nothing there
    const page = await injectEndpoint(t.app, inhaltEndpoints.seite, {
      authorization: operator.bearer,
      params: { url: 'impressum' },
    });
    expect(page.statusCode).toBe(200);

    // the set-up itself is allowed
    const status = await injectEndpoint(t.app, secondFactorEndpoints.status, { authorization: operator.bearer });
    expect(status.json()).toBe(false);
    const step1 = await injectEndpoint(t.app, secondFactorEndpoints.aktivieren, {
      authorization: operator.bearer,
      body: { password: DEMO_PASSWORD },
    });
    expect(step1.statusCode).toBe(200);
    const { privateKey } = step1.json<{ privateKey: string }>();
    const code = await generate({ secret: privateKey });
    const step2 = await injectEndpoint(t.app, secondFactorEndpoints.aktivieren, {
      authorization: operator.bearer,
      body: { password: DEMO_PASSWORD, privateKey, token: code },
    });
    expect(step2.json()).toBe(true);

    // the token issued without the code stays held (the duty is its claim); a new login with the code carries no
    // duty and is free (issue 31 item 5)
    expect((await anyLoginCall(operator.bearer)).statusCode).toBe(403);
    const login = await injectEndpoint(t.app, authEndpoints.anmelden, {
      body: { email: operator.email, password: DEMO_PASSWORD, secondFactorCode: code },
    });
    expect(login.statusCode).toBe(200);
    const fresh = `Bearer ${login.json<{ token: string }>().token}`;
    expect(readJwtClaims(fresh).zweiterFaktorEinrichten).toBeUndefined();
    expect((await anyLoginCall(fresh)).statusCode).toBe(200);
  });

  it('refuses the restricted session on the STOMP socket too', async () => {
    const operator = await account('BETREIBER');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/ws`;
    await expect(connectClient(url, operator.bearer, { subscribe: false })).rejects.toThrow();
  });

  it('lets the restricted session log out', async () => {
    const operator = await account('BETREIBER');
    const logout = await injectEndpoint(t.app, authEndpoints.abmelden, { authorization: operator.bearer });
    expect(logout.statusCode).toBe(200);
    expect(
      (await injectEndpoint(t.app, secondFactorEndpoints.status, { authorization: operator.bearer })).statusCode,
    ).toBe(401);
  });

  /** A login with password and the current code of the key: a token without the set-up duty. */
  async function loginWithCode(email: string, key: string): Promise<string> {
    const login = await injectEndpoint(t.app, authEndpoints.anmelden, {
      body: { email, password: DEMO_PASSWORD, secondFactorCode: await generate({ secret: key }) },
    });
    expect(login.statusCode).toBe(200);
    return `Bearer ${login.json<{ token: string }>().token}`;
  }

  it('holds an operator again once the required factor is removed', async () => {
    const admin = await account('BETREIBER', [privilegeCode('BENUTZER_VERWALTEN')]);
    // the demo operator already has no factor: set one up for admin first via its own session
    const step1 = await injectEndpoint(t.app, secondFactorEndpoints.aktivieren, {
      authorization: admin.bearer,
      body: { password: DEMO_PASSWORD },
    });
    const { privateKey } = step1.json<{ privateKey: string }>();
    await injectEndpoint(t.app, secondFactorEndpoints.aktivieren, {
      authorization: admin.bearer,
      body: { password: DEMO_PASSWORD, privateKey, token: await generate({ secret: privateKey }) },
    });
    const adminFree = await loginWithCode(admin.email, privateKey);
    const other = await account('BETREIBER');
    const otherId = (await t.db.select().from(users).where(eq(users.email, other.email)))[0]!.id;
    const setUp = await injectEndpoint(t.app, secondFactorEndpoints.betreiberAktivieren, {
      authorization: adminFree,
      params: { userId: otherId },
    });
    const key = setUp.json<{ privateKey: string }>().privateKey;
    await injectEndpoint(t.app, secondFactorEndpoints.betreiberAktivieren, {
      authorization: adminFree,
      params: { userId: otherId },
      body: { privateKey: key, token: await generate({ secret: key }) },
    });
    // the set-up by another does not free the token issued without a code: that session never gave one
    expect((await anyLoginCall(other.bearer)).statusCode).toBe(403);
    const otherFree = await loginWithCode(other.email, key);
    expect((await anyLoginCall(otherFree)).statusCode).toBe(200);
    await injectEndpoint(t.app, secondFactorEndpoints.betreiberDeaktivieren, {
      authorization: adminFree,
      params: { userId: otherId },
    });
    // a token without the claim meets this instance's own duty on the account as it is now
    expect((await anyLoginCall(otherFree)).statusCode).toBe(403);
  });

  it('leaves roles that are not listed alone', async () => {
    for (const role of ['THERAPEUT', 'PATIENT'] as const) {
      const user = await account(role);
      expect(readJwtClaims(user.bearer).zweiterFaktorEinrichten).toBeUndefined();
      expect(
        (await injectEndpoint(t.app, authEndpoints.berechtigungen, { authorization: user.bearer })).statusCode,
      ).toBe(200);
    }
  });
});
