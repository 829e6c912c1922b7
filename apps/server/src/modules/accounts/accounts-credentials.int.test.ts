import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@dihs/contract/accounts';
import { PASSWORD_MESSAGES } from '@dihs/contract/common/rules';
import { issueCode } from '../codes/index.ts';
import { oneTimeCodes } from '../codes/codes.table.ts';
import { mailOutbox } from '../mail/mail.table.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import {
  PUBLIC_URL,
  codeFromMail,
  startAccountsWorld,
  uniqueEmail,
  type AccountsTestWorld,
} from './accounts.test-support.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { accountsEndpoints } from '@dihs/contract/accounts';
import { authEndpoints } from '@dihs/contract/auth';

let w: AccountsTestWorld;
beforeAll(async () => {
  w = await startAccountsWorld();
});
afterAll(() => w.close());

const NEW_PASSWORD = 'Neues#Passwort1';

const userByEmail = async (email: string) => (await w.t.db.select().from(users).where(eq(users.email, email)))[0];
const login = (email: string, password: string) =>
  w.t.app.inject({ method: 'POST', url: apiUrl(authEndpoints.anmelden), payload: { email, password } });
const requestReset = (email: string) =>
  w.t.app.inject({
    method: 'POST',
    url: apiUrl(accountsEndpoints.passwortZuruecksetzen),
    headers: { 'content-type': 'text/plain' },
    payload: email,
  });
const setPassword = (code: string, body: object) =>
  w.t.app.inject({
    method: 'POST',
    url: apiUrl(accountsEndpoints.passwortMitCodeSetzen, { params: { code } }),
    payload: body,
  });
const outboxTo = (email: string) => w.t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));

/** A confirmed patient of its own with the demo password. */
async function freshPatient(options: { active?: boolean; emailConfirmed?: boolean } = {}): Promise<string> {
  const email = uniqueEmail('konto');
  const [row] = await w.t.db
    .insert(users)
    .values({
      email,
      passwordHash: (await userByEmail('patient@demo.de'))!.passwordHash,
      role: 'PATIENT',
      emailConfirmed: options.emailConfirmed ?? true,
      active: options.active ?? true,
    })
    .returning();
  expect(row).toBeDefined();
  return email;
}

describe('POST /api/patient/passwort/reset', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const email = await freshPatient();
    const known = await requestReset(email);
    const unknown = await requestReset('niemand@demo.de');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toBe(true);
    expect(await outboxTo(email)).toHaveLength(1);
    expect(await outboxTo('niemand@demo.de')).toHaveLength(0);
  });

  it('takes the address trimmed and in any case, also as a JSON string', async () => {
    const email = await freshPatient();
    w.mark();
    expect((await requestReset(`  ${email.toUpperCase()} \n`)).statusCode).toBe(200);
    await w.nextMail(email, /Neues Passwort/);
    const asJson = await w.t.app.inject({
      method: 'POST',
      url: apiUrl(accountsEndpoints.passwortZuruecksetzen),
      payload: `"${email}"`,
      headers: { 'content-type': 'application/json' },
    });
    expect(asJson.statusCode).toBe(200);
  });

  it('sends nothing for an inactive account, yet answers the same', async () => {
    const email = await freshPatient({ active: false });
    const response = await requestReset(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
    expect(await outboxTo(email)).toHaveLength(0);
  });

  it('refuses a malformed address with a German 400', async () => {
    const response = await requestReset('keine-adresse');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('E-Mail ist nicht valide.');
    expect((await requestReset('')).statusCode).toBe(400);
  });
});

describe('POST /api/patient/passwort/reset/{code}', () => {
  it('sets the new password through the mailed link, once; the old password stops working', async () => {
    const email = await freshPatient();
    w.mark();
    await requestReset(email);
    const mail = await w.nextMail(email, /Neues Passwort/);
    expect(mail.subject).toBe('DiHS Teletherapie: Neues Passwort festlegen');
    expect(mail.text).toContain(`${PUBLIC_URL}/passwortreset/`);
    const code = codeFromMail(mail, 'passwortreset');

    w.mark();
    const response = await setPassword(code, { passwort: NEW_PASSWORD, passwortWiederholen: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(401);
    await w.nextMail(email, /Passwort wurde geändert/);

    const again = await setPassword(code, { passwort: 'Noch#Eins2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.codeUngueltig);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('clears the count of wrong passwords but leaves a lock to the operator', async () => {
    const email = await freshPatient();
    const id = (await userByEmail(email))!.id;
    await w.t.db.update(users).set({ failedLogins: 3 }).where(eq(users.id, id));
    const first = await issueCode(w.t.db, { userId: id, purpose: 'PASSWORT_RESET' });
    expect((await setPassword(first, { passwort: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await userByEmail(email))!.failedLogins).toBe(0);

    await w.t.db.update(users).set({ failedLogins: 5, lockedAt: new Date() }).where(eq(users.id, id));
    const second = await issueCode(w.t.db, { userId: id, purpose: 'PASSWORT_RESET' });
    expect((await setPassword(second, { passwort: 'Zweites#Pw2026' })).statusCode).toBe(200);
    const after = await userByEmail(email);
    expect(after).toMatchObject({ failedLogins: 0 });
    expect(after!.lockedAt).toBeInstanceOf(Date);
    expect((await login(email, 'Zweites#Pw2026')).json().code).toBe('ACCOUNT_LOCKED');
  });

  it('sets the first password of an account an operator created (PASSWORT_SETZEN) and confirms its address', async () => {
    const email = await freshPatient({ emailConfirmed: false });
    const id = (await userByEmail(email))!.id;
    const code = await issueCode(w.t.db, { userId: id, purpose: 'PASSWORT_SETZEN', ttlHours: 72 });
    expect((await setPassword(code, { passwort: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await userByEmail(email))!.emailConfirmed).toBe(true);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await setPassword(code, { passwort: NEW_PASSWORD })).statusCode).toBe(400);
  });

  it('fails for an expired code, a code of another purpose, an unknown code and an inactive account', async () => {
    const email = await freshPatient();
    const id = (await userByEmail(email))!.id;
    const expired = await issueCode(w.t.db, { userId: id, purpose: 'PASSWORT_RESET', ttlHours: -1 });
    const confirmation = await issueCode(w.t.db, { userId: id, purpose: 'EMAIL_BESTAETIGEN' });
    for (const code of [expired, confirmation, 'B'.repeat(43)]) {
      const response = await setPassword(code, { passwort: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.codeUngueltig);
    }
    const valid = await issueCode(w.t.db, { userId: id, purpose: 'PASSWORT_RESET' });
    await w.t.db.update(users).set({ active: false }).where(eq(users.id, id));
    expect((await setPassword(valid, { passwort: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await login(email, DEMO_PASSWORD)).json().code).toBe('ACCOUNT_INACTIVE');
  });

  it.each([
    [{ passwort: 'Ab1#' }, `passwort: ${PASSWORD_MESSAGES.length}`],
    [{ passwort: `${'A'.repeat(38)}b1#` }, `passwort: ${PASSWORD_MESSAGES.length}`],
    [{ passwort: 'neues#passwort1' }, `passwort: ${PASSWORD_MESSAGES.upper}`],
    [{ passwort: 'NEUES#PASSWORT1' }, `passwort: ${PASSWORD_MESSAGES.lower}`],
    [{ passwort: 'Neues#Passwort' }, `passwort: ${PASSWORD_MESSAGES.digit}`],
    [{ passwort: 'NeuesPasswort1' }, `passwort: ${PASSWORD_MESSAGES.special}`],
    [
      { passwort: NEW_PASSWORD, passwortWiederholen: 'Anderes#Pw1' },
      `passwortWiederholen: ${PASSWORD_MESSAGES.repeat}`,
    ],
  ])('refuses %j with 400 and its message, leaving the code usable', async (body, message) => {
    const email = await freshPatient();
    const code = await issueCode(w.t.db, { userId: (await userByEmail(email))!.id, purpose: 'PASSWORT_RESET' });
    const response = await setPassword(code, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await setPassword(code, { passwort: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describe('POST /api/patient/passwort/aendern', () => {
  const change = (body: object, authorization?: string) =>
    w.t.app.inject({
      method: 'POST',
      url: apiUrl(accountsEndpoints.passwortAendern),
      headers: authorization ? { authorization } : {},
      payload: body,
    });

  it('changes the own password when the current one is right, and tells the owner by mail', async () => {
    const email = await freshPatient();
    const authorization = await w.t.bearer(email);
    w.mark();
    const response = await change({ passwort: NEW_PASSWORD, aktuellesPasswort: DEMO_PASSWORD }, authorization);
    expect(response.statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(401);
    await w.nextMail(email, /Passwort wurde geändert/);
  });

  it('works for every role', async () => {
    const authorization = await w.t.bearer('therapeut2@demo.de');
    const response = await change(
      { passwort: NEW_PASSWORD, passwortWiederholen: NEW_PASSWORD, aktuellesPasswort: DEMO_PASSWORD },
      authorization,
    );
    expect(response.statusCode).toBe(200);
    // back to the demo password for the other tests, with the fresh token: the change ended the old session
    const fresh = `Bearer ${response.json<{ token: string }>().token}`;
    expect((await change({ passwort: DEMO_PASSWORD, aktuellesPasswort: NEW_PASSWORD }, fresh)).statusCode).toBe(200);
  });

  it('refuses a wrong or missing current password, a weak new one, a wrong repeat and visitors', async () => {
    const email = await freshPatient();
    const authorization = await w.t.bearer(email);
    const wrong = await change({ passwort: NEW_PASSWORD, aktuellesPasswort: 'Falsch#2026' }, authorization);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.aktuellesPasswortFalsch);
    const missing = await change({ passwort: NEW_PASSWORD, aktuellesPasswort: '' }, authorization);
    expect(missing.json().message).toBe(`aktuellesPasswort: ${ACCOUNT_MESSAGES.aktuellesPasswortLeer}`);
    const weak = await change({ passwort: 'kurz', aktuellesPasswort: DEMO_PASSWORD }, authorization);
    expect(weak.json().message).toBe(`passwort: ${PASSWORD_MESSAGES.length}`);
    const repeat = await change(
      { passwort: NEW_PASSWORD, passwortWiederholen: 'X', aktuellesPasswort: DEMO_PASSWORD },
      authorization,
    );
    expect(repeat.json().message).toBe(`passwortWiederholen: ${PASSWORD_MESSAGES.repeat}`);
    expect((await change({ passwort: NEW_PASSWORD, aktuellesPasswort: DEMO_PASSWORD })).statusCode).toBe(401);
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);
    // a wrong current password does not count towards the login lock
    expect((await userByEmail(email))!.failedLogins).toBe(0);
  });
});

describe('POST /api/patient/email/aendern and GET /api/patient/email/reset/{code}', () => {
  const change = (body: object, authorization?: string) =>
    w.t.app.inject({
      method: 'POST',
      url: apiUrl(accountsEndpoints.emailAendern),
      headers: authorization ? { authorization } : {},
      payload: body,
    });
  const complete = (code: string) =>
    w.t.app.inject({ method: 'GET', url: apiUrl(accountsEndpoints.emailAenderungAbschliessen, { params: { code } }) });

  it('mails the link to the new address and a notice to the old one; the link makes the new address the login', async () => {
    const email = await freshPatient({ emailConfirmed: false });
    const newEmail = uniqueEmail('neu');
    const authorization = await w.t.bearer(email);
    w.mark();
    const response = await change({ email: newEmail.toUpperCase(), aktuellesPasswort: DEMO_PASSWORD }, authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
    const notice = await w.nextMail(email, /Änderung Ihrer E-Mail-Adresse/);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain('/emailreset/');
    const link = await w.nextMail(newEmail, /neue E-Mail-Adresse/);
    const code = codeFromMail(link, 'emailreset');
    // nothing changes until the link is followed
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);

    const done = await complete(code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toBe(true);
    expect(await userByEmail(email)).toBeUndefined();
    expect(await userByEmail(newEmail)).toMatchObject({ emailConfirmed: true });
    expect((await login(newEmail, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(401);

    const again = await complete(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.codeUngueltig);
  });

  it('answers a taken address like a free one, changes nothing and tells the other address instead', async () => {
    const email = await freshPatient();
    const authorization = await w.t.bearer(email);
    w.mark();
    const taken = await change({ email: 'patient2@demo.de', aktuellesPasswort: DEMO_PASSWORD }, authorization);
    const free = await change({ email: uniqueEmail('frei'), aktuellesPasswort: DEMO_PASSWORD }, authorization);
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toBe(free.body);
    const notice = await w.nextMail('patient2@demo.de', /bereits registriert/);
    expect(notice.text).not.toContain('/emailreset/');
    await w.nextMail(email, /Änderung Ihrer E-Mail-Adresse/);
    const codes = await w.t.db
      .select()
      .from(oneTimeCodes)
      .where(
        and(eq(oneTimeCodes.userId, (await userByEmail(email))!.id), eq(oneTimeCodes.newEmail, 'patient2@demo.de')),
      );
    expect(codes).toHaveLength(0);
  });

  it('fails when the new address was taken between the request and the confirmation', async () => {
    const email = await freshPatient();
    const newEmail = uniqueEmail('spaeter-vergeben');
    w.mark();
    await change({ email: newEmail, aktuellesPasswort: DEMO_PASSWORD }, await w.t.bearer(email));
    const code = codeFromMail(await w.nextMail(newEmail, /neue E-Mail-Adresse/), 'emailreset');
    await freshPatient().then((other) => w.t.db.update(users).set({ email: newEmail }).where(eq(users.email, other)));
    const response = await complete(code);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.emailVergeben);
    expect(await userByEmail(email)).toBeDefined();
  });

  it('works for every role, e.g. a therapist', async () => {
    const authorization = await w.t.bearer('therapeut@demo.de');
    const newEmail = uniqueEmail('therapeut');
    w.mark();
    expect((await change({ email: newEmail, aktuellesPasswort: DEMO_PASSWORD }, authorization)).statusCode).toBe(200);
    await w.nextMail(newEmail, /neue E-Mail-Adresse/);
  });

  it('fails for an expired code, a code of another purpose and an unknown one', async () => {
    const email = await freshPatient();
    const id = (await userByEmail(email))!.id;
    const expired = await issueCode(w.t.db, {
      userId: id,
      purpose: 'EMAIL_AENDERN',
      newEmail: uniqueEmail('abgelaufen'),
      ttlHours: -1,
    });
    const other = await issueCode(w.t.db, { userId: id, purpose: 'PASSWORT_RESET' });
    for (const code of [expired, other, 'C'.repeat(43)]) {
      const response = await complete(code);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.codeUngueltig);
    }
    expect(await userByEmail(email)).toBeDefined();
  });

  it('refuses a wrong current password, the unchanged address, an invalid address and visitors', async () => {
    const email = await freshPatient();
    const authorization = await w.t.bearer(email);
    const wrong = await change({ email: uniqueEmail('x'), aktuellesPasswort: 'Falsch#2026' }, authorization);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.aktuellesPasswortFalsch);
    const same = await change({ email: email.toUpperCase(), aktuellesPasswort: DEMO_PASSWORD }, authorization);
    expect(same.json().message).toBe(ACCOUNT_MESSAGES.emailUnveraendert);
    const invalid = await change({ email: 'ohne-at', aktuellesPasswort: DEMO_PASSWORD }, authorization);
    expect(invalid.json().message).toBe('email: E-Mail ist nicht valide.');
    const tooLong = await change({ email: `${'x'.repeat(95)}@t.de1`, aktuellesPasswort: DEMO_PASSWORD }, authorization);
    expect(tooLong.json().message).toBe('email: Maximale Länge beachten');
    const empty = await change({ email: '', aktuellesPasswort: DEMO_PASSWORD }, authorization);
    expect(empty.json().message).toBe('email: E-Mail darf nicht leer sein.');
    expect((await change({ email: uniqueEmail('x'), aktuellesPasswort: DEMO_PASSWORD })).statusCode).toBe(401);
    expect(await outboxTo(email)).toHaveLength(0);
  });
});
