import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@dihs/contract/common/messages';
import { privilegeCode } from '@dihs/contract/common/roles';
import { TEST_JWT_SECRET, createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { authEndpoints } from '@dihs/contract/auth';
import { usersEndpoints } from '@dihs/contract/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '1000' });
});
afterAll(() => t.close());

const login = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: apiUrl(authEndpoints.anmelden), payload: payload as object });

describe('POST /api/authenticate', () => {
  it.each([
    ['betreiber@demo.de', 'BETREIBER'],
    ['therapeut@demo.de', 'THERAPEUT'],
    ['patient@demo.de', 'PATIENT'],
  ])('logs %s in with a token carrying e-mail, role, privileges, userId and exp', async (email, role) => {
    const response = await login({ email: email.toUpperCase(), password: DEMO_PASSWORD, secondFactorCode: '' });
    expect(response.statusCode).toBe(200);
    const claims = decodeJwt(response.json<{ token: string }>().token);
    expect(claims).toMatchObject({ sub: email, role });
    expect(claims.userId).toEqual(expect.any(Number));
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(8 * 3600 - 60);
  });

  it('puts the privilege codes into the token', async () => {
    const claims = decodeJwt(
      (await login({ email: 'therapeut@demo.de', password: DEMO_PASSWORD })).json<{ token: string }>().token,
    );
    expect(claims.privileges).toEqual([
      privilegeCode('UEBUNGEN_VERWALTEN_THERAPEUT'),
      privilegeCode('TRAININGSPLAN_VORLAGEN_VERWALTEN'),
    ]);
  });

  it('answers a wrong password and an unknown address alike with 401 and a German message', async () => {
    const wrong = await login({ email: 'patient2@demo.de', password: 'Falsch#123' });
    const unknown = await login({ email: 'niemand@demo.de', password: 'Falsch#123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: MESSAGES.loginFalsch, code: 'LOGIN_FAILED' });
    expect(unknown.json()).toEqual(wrong.json());
    await login({ email: 'patient2@demo.de', password: DEMO_PASSWORD }); // resets the counter
  });

  it('locks an account after five wrong passwords in a row, until an operator unlocks it', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await login({ email: 'patient2@demo.de', password: `Falsch#${i}` })).json().code).toBe('LOGIN_FAILED');
    }
    const fifth = await login({ email: 'patient2@demo.de', password: 'Falsch#5' });
    expect(fifth.json()).toEqual({ message: MESSAGES.loginGesperrtFehlversuche, code: 'ACCOUNT_LOCKED' });
    const right = await login({ email: 'patient2@demo.de', password: DEMO_PASSWORD });
    expect(right.statusCode).toBe(401);
    expect(right.json().code).toBe('ACCOUNT_LOCKED');

    const list = await t.app.inject({
      method: 'GET',
      url: apiUrl(usersEndpoints.gesperrte),
      headers: { authorization: await t.bearer('betreiber@demo.de') },
    });
    expect(list.json()).toEqual(['patient2@demo.de']);
  });

  it('resets the counter on a successful login, so failures must be in a row', async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) await login({ email: 'patient@demo.de', password: 'Falsch#1' + i });
      expect((await login({ email: 'patient@demo.de', password: DEMO_PASSWORD })).statusCode).toBe(200);
    }
  });

  it('refuses an account whose active flag is off, after checking the password', async () => {
    await t.db.update(users).set({ active: false }).where(eq(users.email, 'therapeut2@demo.de'));
    const response = await login({ email: 'therapeut2@demo.de', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.loginInaktiv, code: 'ACCOUNT_INACTIVE' });
    expect((await login({ email: 'therapeut2@demo.de', password: 'Falsch#1' })).json().code).toBe('LOGIN_FAILED');
    await t.db.update(users).set({ active: true, failedLogins: 0 }).where(eq(users.email, 'therapeut2@demo.de'));
  });

  it.each([
    ['a missing password', { email: 'patient@demo.de' }],
    ['a number as e-mail', { email: 42, password: 'x' }],
    ['an empty e-mail', { email: '', password: 'x' }],
    ['a code longer than 6', { email: 'patient@demo.de', password: 'x', secondFactorCode: '1234567' }],
  ])('rejects %s with 400 and a German message', async (_, payload) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
    expect(response.json().message).toMatch(/[a-zäöü]/);
    expect(response.json().message).not.toMatch(/Expected|Invalid input|Required/);
  });

  it('rejects non-JSON and a 10 MB body with 400, never 500', async () => {
    const notJson = await t.app.inject({
      method: 'POST',
      url: apiUrl(authEndpoints.anmelden),
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe(MESSAGES.keinJson);
    const huge = await login({ email: 'patient@demo.de', password: 'x'.repeat(10 * 1024 * 1024) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(MESSAGES.anfrageZuGross);
    const empty = await t.app.inject({ method: 'POST', url: apiUrl(authEndpoints.anmelden) });
    expect(empty.statusCode).toBe(400);
  });
});

describe('second factor', () => {
  const secret = generateSecret();
  beforeAll(async () => {
    await t.db.update(users).set({ secondFactorSecret: secret }).where(eq(users.email, 'betreiber@demo.de'));
  });
  afterAll(async () => {
    await t.db
      .update(users)
      .set({ secondFactorSecret: null, failedLogins: 0 })
      .where(eq(users.email, 'betreiber@demo.de'));
  });
  const required = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: apiUrl(authEndpoints.zweiterFaktorNoetig),
      payload: { email, password, secondFactorCode: '' },
    });

  it('is required only for the right password of an account that has one', async () => {
    expect((await required('betreiber@demo.de', DEMO_PASSWORD)).json()).toBe(true);
    expect((await required('betreiber@demo.de', 'Falsch#1')).json()).toBe(false);
    expect((await required('patient@demo.de', DEMO_PASSWORD)).json()).toBe(false);
    expect((await required('niemand@demo.de', DEMO_PASSWORD)).json()).toBe(false);
  });

  it('asks for the code, refuses a wrong one and accepts a current one', async () => {
    const missing = await login({ email: 'betreiber@demo.de', password: DEMO_PASSWORD });
    expect(missing.json()).toEqual({ message: MESSAGES.loginAuthCodeFehlt, code: 'SECOND_FACTOR_REQUIRED' });
    const wrong = await login({ email: 'betreiber@demo.de', password: DEMO_PASSWORD, secondFactorCode: '000000' });
    expect(wrong.json().code).toBe('SECOND_FACTOR_INVALID');
    const code = await generate({ secret });
    const right = await login({ email: 'betreiber@demo.de', password: DEMO_PASSWORD, secondFactorCode: code });
    expect(right.statusCode).toBe(200);
  });

  it('counts one wrong password once although the dialog sends it to both calls', async () => {
    await required('betreiber@demo.de', 'Falsch#9');
    await login({ email: 'betreiber@demo.de', password: 'Falsch#9' });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'betreiber@demo.de'));
    expect(row?.failedLogins).toBe(1);
  });
});

describe('tokens', () => {
  const protectedCall = (authorization: string) =>
    t.app.inject({ method: 'GET', url: apiUrl(authEndpoints.berechtigungen), headers: { authorization } });
  const claims = { role: 'BETREIBER', privileges: [5], userId: 1 };

  it('accepts a valid token', async () => {
    expect((await protectedCall(await t.bearer('betreiber@demo.de'))).statusCode).toBe(200);
  });

  it('answers 401 for a forged, an expired and an unsigned (alg none) token', async () => {
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('betreiber@demo.de')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('betreiber@demo.de')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, sub: 'betreiber@demo.de', exp: 9999999999 })}.`;
    for (const token of [forged, expired, unsigned, 'kein.token']) {
      const response = await protectedCall(`Bearer ${token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(MESSAGES.sitzungUngueltig);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: apiUrl(authEndpoints.berechtigungen) })).statusCode).toBe(401);
  });
});

describe('authority', () => {
  it('lists the grantable privileges per role', async () => {
    const authorization = await t.bearer('betreiber@demo.de');
    const therapist = await t.app.inject({
      method: 'GET',
      url: apiUrl(authEndpoints.berechtigungenDerRolle, { params: { role: 'THERAPEUT' } }),
      headers: { authorization },
    });
    expect(therapist.json()).toEqual([12, 14]);
    const all = await t.app.inject({
      method: 'GET',
      url: apiUrl(authEndpoints.berechtigungen),
      headers: { authorization },
    });
    expect(Object.keys(all.json<object>()).sort()).toEqual(['BETREIBER', 'PATIENT', 'THERAPEUT', 'privileges']);
    const bad = await t.app.inject({
      method: 'GET',
      url: apiUrl(authEndpoints.berechtigungenDerRolle, { params: { role: 'KOENIG' } }),
      headers: { authorization },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('sessions follow the account', () => {
  const authority = (authorization: string) =>
    t.app.inject({ method: 'GET', url: apiUrl(authEndpoints.berechtigungen), headers: { authorization } });

  it('ends the sessions of an account that is deactivated, locked or renamed', async () => {
    // a deactivation and a lock say so (and whom to contact); a renamed account's token is just no longer valid
    const changes: [{ active?: boolean; lockedAt?: Date; email?: string }, string][] = [
      [{ active: false }, MESSAGES.loginInaktiv],
      [{ lockedAt: new Date() }, MESSAGES.loginGesperrtFehlversuche],
      [{ email: 'umbenannt@demo.de' }, MESSAGES.sitzungUngueltig],
    ];
    for (const [change, message] of changes) {
      const authorization = await t.bearer('firmenpatient@demo.de');
      expect((await authority(authorization)).statusCode).toBe(200);
      await t.db.update(users).set(change).where(eq(users.email, 'firmenpatient@demo.de'));
      const refused = await authority(authorization);
      expect(refused.statusCode, JSON.stringify(change)).toBe(401);
      expect(refused.json().message).toBe(message);
      await t.db
        .update(users)
        .set({ active: true, lockedAt: null, failedLogins: 0, email: 'firmenpatient@demo.de' })
        .where(eq(users.email, change.email ?? 'firmenpatient@demo.de'));
    }
  });

  it('applies a privilege withdrawn by an operator at once, without a new login', async () => {
    const authorization = await t.bearer('betreiber@demo.de');
    const list = () =>
      t.app.inject({ method: 'GET', url: apiUrl(usersEndpoints.gesperrte), headers: { authorization } });
    expect((await list()).statusCode).toBe(200);
    const [operator] = await t.db.select().from(users).where(eq(users.email, 'betreiber@demo.de'));
    await t.db.update(users).set({ privileges: [] }).where(eq(users.id, operator!.id));
    expect((await list()).statusCode).toBe(403);
    await t.db.update(users).set({ privileges: operator!.privileges }).where(eq(users.id, operator!.id));
  });
});
