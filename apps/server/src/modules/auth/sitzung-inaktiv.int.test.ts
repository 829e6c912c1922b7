import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsEndpoints } from '@dihs/contract/accounts';
import { authEndpoints, type Sitzung } from '@dihs/contract/auth';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { profilEndpoints } from '@dihs/contract/profil';
import { buildApp } from '../../app.ts';
import type { AppInstance } from '../../app-types.ts';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { loginSessions } from '../users/sessions.table.ts';
import { users } from '../users/users.table.ts';

/**
 * Issue 31 item 6 (TR-03161 O.Auth_6/7): a session ends after its idle time (30 minutes for staff, 60 for patients
 * by default), on every instance; any request, the page's keep-alive and a video session in progress are activity;
 * a password change's new token keeps the login's absolute end; a locked or deactivated account's token is refused
 * with its own message. The session clock is moved (AppInput.sessionNow); runs on PostgreSQL and on the embedded database.
 */

const MINUTE = 60_000;
/** The app's clock: real time plus an offset the tests move forward. */
const clock = { offset: 0 };
const now = () => new Date(Date.now() + clock.offset);
const later = (minutes: number) => (clock.offset += minutes * MINUTE);

let t: TestApp;
let second: AppInstance;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '1000' }, { sessionNow: now });
  second = await buildApp({ config: t.config, db: t.db, tokens: t.tokens, sessionNow: now });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const profile = (authorization: string, app: AppInstance = t.app) =>
  injectEndpoint(app, profilEndpoints.my, { authorization });

/** The stored last activity of the bearer's session, once the write after the answer has happened. */
async function storedActivity(bearer: string): Promise<number> {
  const sid = decodeJwt(bearer.replace('Bearer ', '')).sid as string;
  const [row] = await t.db.select().from(loginSessions).where(eq(loginSessions.id, sid));
  return row!.lastActivity.getTime();
}

describe('idle sessions end', () => {
  it('a patient’s session after 60 minutes without a request, with its own code and message', async () => {
    const bearer = await t.bearer('patient@demo.de');
    expect((await profile(bearer)).statusCode).toBe(200);
    later(59);
    expect((await profile(bearer)).statusCode).toBe(200);
    later(61);
    const refused = await profile(bearer);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: MESSAGES.sitzungInaktiv, code: ERROR_CODES.sessionIdle });
    // a new login goes on; the idle one stays refused
    const again = await t.bearer('patient@demo.de');
    expect((await profile(again)).statusCode).toBe(200);
    expect((await profile(bearer)).statusCode).toBe(401);
  });

  it('a therapist’s session after 30 minutes; the token tells the browser the limit', async () => {
    const bearer = await t.bearer('therapeut@demo.de');
    expect(decodeJwt(bearer.replace('Bearer ', '')).inaktivNachSekunden).toBe(30 * 60);
    expect((await profile(bearer)).statusCode).toBe(200);
    later(31);
    expect((await profile(bearer)).statusCode).toBe(401);
  });

  it('the keep-alive of a page in use counts as activity', async () => {
    const bearer = await t.bearer('therapeut@demo.de');
    for (let step = 0; step < 3; step++) {
      later(20);
      const alive = await injectEndpoint(t.app, authEndpoints.sitzungAktiv, { authorization: bearer });
      expect(alive.statusCode).toBe(200);
      expect(alive.json()).toBe(true);
    }
    expect((await profile(bearer)).statusCode).toBe(200);
  });

  it('activity on one instance keeps the session on another; silence ends it on both', async () => {
    const bearer = await t.bearer('therapeut@demo.de');
    expect((await profile(bearer, second)).statusCode).toBe(200);
    later(20);
    const before = await storedActivity(bearer);
    expect((await profile(bearer)).statusCode).toBe(200);
    // the first instance writes the activity after its answer
    await expect.poll(() => storedActivity(bearer)).toBeGreaterThan(before);
    later(20);
    // 40 minutes after the second instance last saw it, 20 after the first did
    expect((await profile(bearer, second)).statusCode).toBe(200);
    later(31);
    expect((await profile(bearer)).statusCode).toBe(401);
    expect((await profile(bearer, second)).statusCode).toBe(401);
  });

  it('an idle session is no longer listed under "Angemeldete Geräte"', async () => {
    const idle = await t.bearer('therapeut@demo.de');
    expect((await profile(idle)).statusCode).toBe(200);
    later(20);
    const current = await t.bearer('therapeut@demo.de');
    later(15);
    const listed = await injectEndpoint(t.app, authEndpoints.sitzungen, { authorization: current });
    const ids = listed.json<Sitzung[]>().map((session) => session.id);
    expect(ids).toContain(decodeJwt(current.replace('Bearer ', '')).sid);
    expect(ids).not.toContain(decodeJwt(idle.replace('Bearer ', '')).sid);
  });
});

describe('a login ends at the latest after its lifetime', () => {
  it('a password change’s new token keeps the login’s expiry and session', async () => {
    const bearer = await t.bearer('patient2@demo.de');
    const before = decodeJwt(bearer.replace('Bearer ', ''));
    const changed = await injectEndpoint(t.app, accountsEndpoints.passwortAendern, {
      authorization: bearer,
      body: { aktuellesPasswort: DEMO_PASSWORD, passwort: 'Neues#Passwort2026' },
    });
    expect(changed.statusCode).toBe(200);
    const after = decodeJwt(changed.json<{ token: string }>().token);
    expect(after.exp).toBe(before.exp);
    expect(after.sid).toBe(before.sid);
    expect(after.inaktivNachSekunden).toBe(before.inaktivNachSekunden);
  });
});

describe('a refused account says why', () => {
  it('a lock and a deactivation answer their own code and message, not "ungültig"', async () => {
    const lockedBearer = await t.bearer('firmenpatient@demo.de');
    await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.email, 'firmenpatient@demo.de'));
    expect((await profile(lockedBearer)).json()).toEqual({
      message: MESSAGES.loginGesperrtFehlversuche,
      code: ERROR_CODES.accountLocked,
    });
    await t.db.update(users).set({ lockedAt: null, active: false }).where(eq(users.email, 'firmenpatient@demo.de'));
    expect((await profile(lockedBearer)).json()).toEqual({
      message: MESSAGES.loginInaktiv,
      code: ERROR_CODES.accountInactive,
    });
  });
});
