import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCode } from '../codes/index.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { startAccountsWorld, uniqueEmail, type AccountsTestWorld } from './accounts.test-support.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { accountsEndpoints } from '@dihs/contract/accounts';
import { profilEndpoints } from '@dihs/contract/profil';
import { usersEndpoints } from '@dihs/contract/users';

/** A password change ends every session issued before it; the own change hands its caller a fresh token. */

let w: AccountsTestWorld;
let admin: string;
beforeAll(async () => {
  w = await startAccountsWorld();
  admin = await w.t.bearer('betreiber@demo.de');
});
afterAll(() => w.close());

const NEW_PASSWORD = 'Neues#Passwort1';

const rowOf = async (email: string) => (await w.t.db.select().from(users).where(eq(users.email, email)))[0]!;

/** A confirmed patient of its own with the demo password. */
async function freshPatient(): Promise<{ id: number; email: string }> {
  const email = uniqueEmail('sitzung');
  const [row] = await w.t.db
    .insert(users)
    .values({
      email,
      passwordHash: (await rowOf('patient@demo.de')).passwordHash,
      role: 'PATIENT',
      emailConfirmed: true,
    })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

/** Any authenticated call: the status tells whether the session gate admits the token. */
const statusWith = async (authorization: string) =>
  (await w.t.app.inject({ method: 'GET', url: apiUrl(profilEndpoints.my), headers: { authorization } })).statusCode;

const changeOwn = (authorization: string, passwort = NEW_PASSWORD, aktuellesPasswort = DEMO_PASSWORD) =>
  w.t.app.inject({
    method: 'POST',
    url: apiUrl(accountsEndpoints.passwortAendern),
    headers: { authorization },
    payload: { passwort, passwortWiederholen: passwort, aktuellesPasswort },
  });

/** A token for the account signed by the app's own key, issued at the given time. */
async function tokenIssuedAt(email: string, issuedAt: Date): Promise<string> {
  return w.t.sessionBearer(await rowOf(email), { issuedAt });
}

describe('own password change (POST /api/patient/passwort/aendern)', () => {
  it('answers a fresh token that keeps working; the other devices get 401 on their next request', async () => {
    const { email } = await freshPatient();
    const thisDevice = await w.t.bearer(email);
    const otherDevice = await w.t.bearer(email);
    expect(await statusWith(otherDevice)).toBe(200);

    const response = await changeOwn(thisDevice);
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    expect(await statusWith(otherDevice)).toBe(401);
    expect(await statusWith(thisDevice)).toBe(401);
    expect(await statusWith(`Bearer ${token}`)).toBe(200);
    // the fresh token carries the same session and may change the password again
    expect((await changeOwn(`Bearer ${token}`, 'Drittes#Pw2026', NEW_PASSWORD)).statusCode).toBe(200);
    expect(await statusWith(`Bearer ${token}`)).toBe(401);
  });

  it('lets a login with the new password after the change in', async () => {
    const { email } = await freshPatient();
    expect((await changeOwn(await w.t.bearer(email))).statusCode).toBe(200);
    expect(await statusWith(await w.t.bearer(email, NEW_PASSWORD))).toBe(200);
  });

  it('refuses a token issued a millisecond before the change, in the same second, and one with whole seconds only', async () => {
    const { email } = await freshPatient();
    const response = await changeOwn(await w.t.bearer(email));
    expect(response.statusCode).toBe(200);
    const validFrom = (await rowOf(email)).sessionsValidFrom;
    expect(validFrom).toBeInstanceOf(Date);

    expect(await statusWith(await tokenIssuedAt(email, new Date(validFrom!.getTime() - 1)))).toBe(401);
    expect(await statusWith(await tokenIssuedAt(email, validFrom!))).toBe(200);
    expect(await statusWith(`Bearer ${response.json<{ token: string }>().token}`)).toBe(200);

    // a token from before the iatMs claim, issued in the last whole second before the change: its iat is never later
    // than the change (a change exactly on a whole second has none of its own second before it: then the one before)
    // (of the caller's stored session, which the change kept: only its issue time can refuse it)
    const { sub, role, privileges, userId, sid } = (await w.t.tokens.verify(response.json<{ token: string }>().token))!;
    const wholeSeconds = await new SignJWT({ role, privileges, userId, sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt(Math.ceil(validFrom!.getTime() / 1000) - 1)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(w.t.config.jwtSecret));
    expect(await statusWith(`Bearer ${wholeSeconds}`)).toBe(401);
  });

  it('leaves every session of the account alone when the current password is wrong', async () => {
    const { email } = await freshPatient();
    const session = await w.t.bearer(email);
    expect((await changeOwn(session, NEW_PASSWORD, 'Falsch#2026')).statusCode).toBe(400);
    expect(await statusWith(session)).toBe(200);
    expect((await rowOf(email)).sessionsValidFrom).toBeNull();
  });
});

describe('password reset by code (POST /api/patient/passwort/reset/{code})', () => {
  it('ends every session of the account', async () => {
    const { id, email } = await freshPatient();
    const sessions = [await w.t.bearer(email), await w.t.bearer(email)];
    const code = await issueCode(w.t.db, { userId: id, purpose: 'PASSWORT_RESET' });
    const response = await w.t.app.inject({
      method: 'POST',
      url: apiUrl(accountsEndpoints.passwortMitCodeSetzen, { params: { code } }),
      payload: { passwort: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    for (const session of sessions) expect(await statusWith(session)).toBe(401);
    expect(await statusWith(await w.t.bearer(email, NEW_PASSWORD))).toBe(200);
  });
});

describe("operator's change (POST /api/user/other/{id}/password)", () => {
  it("ends every session of the account, not the operator's and not an unrelated account's", async () => {
    const target = await freshPatient();
    const bystander = await freshPatient();
    const targetSession = await w.t.bearer(target.email);
    const bystanderSession = await w.t.bearer(bystander.email);
    const response = await w.t.app.inject({
      method: 'POST',
      url: apiUrl(usersEndpoints.passwort, { params: { id: target.id } }),
      headers: { authorization: admin, 'content-type': 'text/plain' },
      payload: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(await statusWith(targetSession)).toBe(401);
    expect(await statusWith(bystanderSession)).toBe(200);
    expect(await statusWith(admin)).toBe(200);
    expect((await rowOf(bystander.email)).sessionsValidFrom).toBeNull();
    expect(await statusWith(await w.t.bearer(target.email, NEW_PASSWORD))).toBe(200);
  });
});

describe('an unrelated account', () => {
  it('keeps its sessions when another account changes its own password', async () => {
    const changer = await freshPatient();
    const bystander = await freshPatient();
    const bystanderSession = await w.t.bearer(bystander.email);
    expect((await changeOwn(await w.t.bearer(changer.email))).statusCode).toBe(200);
    expect(await statusWith(bystanderSession)).toBe(200);
  });
});
