import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type RegistrierenForm } from '@dihs/contract/accounts';
import { berlinDay } from '@dihs/contract/common/time';
import { PASSWORD_MESSAGES } from '@dihs/contract/common/rules';
import { privilegeCode } from '@dihs/contract/common/roles';
import { HttpError } from '../../lib/http-error.ts';
import { issueCode } from '../codes/index.ts';
import { oneTimeCodes } from '../codes/codes.table.ts';
import { mailOutbox } from '../mail/mail.table.ts';
import { profiles } from '../profil/profil.table.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import {
  PUBLIC_URL,
  codeFromMail,
  registration,
  startAccountsWorld,
  uniqueEmail,
  type AccountsTestWorld,
} from './accounts.test-support.ts';
import { assertEmailConfirmed } from './index.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { accountsEndpoints } from '@dihs/contract/accounts';
import { authEndpoints } from '@dihs/contract/auth';

let w: AccountsTestWorld;
beforeAll(async () => {
  w = await startAccountsWorld();
});
afterAll(() => w.close());

const register = (body: unknown) =>
  w.t.app.inject({ method: 'POST', url: apiUrl(accountsEndpoints.registrieren), payload: body as object });
const confirm = (code: string) =>
  w.t.app.inject({ method: 'GET', url: apiUrl(accountsEndpoints.emailBestaetigen, { params: { code } }) });
const userByEmail = async (email: string) => (await w.t.db.select().from(users).where(eq(users.email, email)))[0];
const login = (email: string, password: string) =>
  w.t.app.inject({ method: 'POST', url: apiUrl(authEndpoints.anmelden), payload: { email, password } });

/** Registers a fresh patient and answers its address and the code of its confirmation mail. */
async function registeredPatient(): Promise<{ email: string; code: string; id: number }> {
  const body = registration();
  w.mark();
  expect((await register(body)).statusCode).toBe(200);
  const mail = await w.nextMail(body.email, /bestätigen/);
  return { email: body.email, code: codeFromMail(mail, 'emailbestaetigen'), id: (await userByEmail(body.email))!.id };
}

describe('POST /api/patient/registrieren', () => {
  it('creates an unconfirmed patient with profile, argon2id hash and lower-cased e-mail, and mails the link', async () => {
    const body = registration({ email: `  Renate.${Date.now()}@Test.DE ` });
    const email = body.email.trim().toLowerCase();
    w.mark();
    const response = await register(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);

    const user = await userByEmail(email);
    expect(user).toMatchObject({ role: 'PATIENT', emailConfirmed: false, active: true, privileges: [] });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const [profile] = await w.t.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({
      vorname: 'Renate',
      nachname: 'Müller-Lüdenscheidt',
      strasse: 'Am Weiher',
      hausnummer: '7a',
      plz: '50667',
      ort: 'Köln',
      land: 'Deutschland',
      geburtsdatum: '1961-04-23',
    });

    const mail = await w.nextMail(email, /bestätigen/);
    expect(mail.subject).toBe('DiHS Teletherapie: Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toContain('Guten Tag Renate Müller-Lüdenscheidt,');
    expect(mail.text).toContain(`${PUBLIC_URL}/emailbestaetigen/`);
    expect(mail.text).toContain('24 Stunden');
  });

  it('lets the new patient log in before confirming, but not book until the link is followed once', async () => {
    const { email, code, id } = await registeredPatient();
    expect((await login(email, 'Sicher#2026')).statusCode).toBe(200);
    await expect(assertEmailConfirmed(w.t.db, id)).rejects.toMatchObject({
      statusCode: 403,
      message: ACCOUNT_MESSAGES.emailNichtBestaetigt,
    });

    const confirmed = await confirm(code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'BESTAETIGT' });
    expect((await userByEmail(email))!.emailConfirmed).toBe(true);
    await expect(assertEmailConfirmed(w.t.db, id)).resolves.toBeUndefined();

    // a second click on the link is no error: the address is confirmed (issue 32 item 7)
    const again = await confirm(code);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'BEREITS_BESTAETIGT' });
  });

  it('answers a taken address exactly like a new one, creates nothing and tells the owner by mail', async () => {
    const before = await w.t.db.select({ id: users.id }).from(users);
    w.mark();
    const taken = await register(registration({ email: 'Patient@Demo.de' }));
    const fresh = await register(registration());
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toBe(fresh.body);
    expect(await w.t.db.select({ id: users.id }).from(users)).toHaveLength(before.length + 1);
    expect((await login('patient@demo.de', DEMO_PASSWORD)).statusCode).toBe(200);

    const notice = await w.nextMail('patient@demo.de', /bereits registriert/);
    expect(notice.text).toContain('Guten Tag Paula Patientin,');
    expect(notice.text).toContain(`${PUBLIC_URL}/?login`);
    expect(notice.text).not.toContain('/emailbestaetigen/');
  });

  it('sends an unconfirmed owner of a taken address a fresh confirmation link in the notice', async () => {
    const { email, code } = await registeredPatient();
    w.mark();
    expect((await register(registration({ email }))).statusCode).toBe(200);
    const notice = await w.nextMail(email, /bereits registriert/);
    const fresh = codeFromMail(notice, 'emailbestaetigen');
    expect((await confirm(code)).statusCode).toBe(400); // replaced by the new one
    expect((await confirm(fresh)).statusCode).toBe(200);
  });

  const tomorrow = () => {
    const date = new Date(`${berlinDay()}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    return date.toISOString().slice(0, 10);
  };

  it.each<[keyof RegistrierenForm, unknown, string]>([
    ['vorname', '', 'Vorname darf nicht leer sein.'],
    ['vorname', 'A'.repeat(31), 'Maximale Länge beachten'],
    ['vorname', 'Renate2', 'Vorname enthält unzulässige Zeichen.'],
    ['nachname', '', 'Nachname darf nicht leer sein.'],
    ['nachname', 'M'.repeat(41), 'Maximale Länge beachten'],
    ['nachname', 'Müller_L', 'Nachname enthält unzulässige Zeichen.'],
    ['email', '', 'E-Mail darf nicht leer sein.'],
    ['email', 'renate.test.de', 'E-Mail ist nicht valide.'],
    ['email', 'renate@', 'E-Mail ist nicht valide.'],
    ['email', `${'r'.repeat(93)}@test.de`, 'Maximale Länge beachten'],
    ['passwort', 'Ab1#', PASSWORD_MESSAGES.length],
    ['passwort', `${'A'.repeat(38)}b1#`, PASSWORD_MESSAGES.length],
    ['passwort', 'sicher#2026', PASSWORD_MESSAGES.upper],
    ['passwort', 'SICHER#2026', PASSWORD_MESSAGES.lower],
    ['passwort', 'Sicher#Zwei', PASSWORD_MESSAGES.digit],
    ['passwort', 'Sicher2026', PASSWORD_MESSAGES.special],
    ['passwortWiederholen', 'Sicher#2027', PASSWORD_MESSAGES.repeat],
    ['strasse', 'Am Weiher 7', 'Straße enthält unzulässige Zeichen.'],
    ['strasse', 'S'.repeat(51), 'Maximale Länge beachten'],
    ['hausnummer', '7 a', 'Hausnummer enthält unzulässige Zeichen.'],
    ['hausnummer', '1234567', 'Maximale Länge beachten'],
    ['plz', '5066a', 'PLZ enthält unzulässige Zeichen.'],
    ['plz', '1234567', 'Maximale Länge beachten'],
    ['stadt', 'Köln!', 'Stadt enthält unzulässige Zeichen.'],
    ['stadt', 'K'.repeat(41), 'Maximale Länge beachten'],
    ['land', 'Deutschland.', 'Land enthält unzulässige Zeichen.'],
    ['land', 'L'.repeat(61), 'Maximale Länge beachten'],
    ['geburtsdatum', '', ACCOUNT_MESSAGES.geburtsdatumLeer],
    ['geburtsdatum', '1919-12-31', ACCOUNT_MESSAGES.geburtsdatumBereich],
    ['geburtsdatum', 'TOMORROW', ACCOUNT_MESSAGES.geburtsdatumBereich],
    ['geburtsdatum', '2001-02-29', ACCOUNT_MESSAGES.geburtsdatumUngueltig],
    ['geburtsdatum', '23.04.1961', ACCOUNT_MESSAGES.geburtsdatumUngueltig],
    ['einverstaendnis', false, ACCOUNT_MESSAGES.einverstaendnis],
  ])('refuses %s = %j with 400 and its German message, creating nothing', async (field, value, message) => {
    const body = registration({ [field]: value === 'TOMORROW' ? tomorrow() : value });
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: `${field}: ${message}`, code: 'VALIDATION' });
    expect(await userByEmail(body.email.trim().toLowerCase())).toBeUndefined();
  });

  it('accepts the edge birthdays 1920-01-01 and today, and empty address fields', async () => {
    for (const geburtsdatum of ['1920-01-01', berlinDay()]) {
      const response = await register(
        registration({ geburtsdatum, strasse: '', hausnummer: '', plz: '', stadt: '', land: '' }),
      );
      expect(response.statusCode).toBe(200);
    }
  });

  it('refuses a missing field and a body that is not JSON with a German 400', async () => {
    const { geburtsdatum: _omitted, ...rest } = registration();
    expect((await register(rest)).statusCode).toBe(400);
    const broken = await w.t.app.inject({
      method: 'POST',
      url: apiUrl(accountsEndpoints.registrieren),
      headers: { 'content-type': 'application/json' },
      payload: '{"vorname":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Die Anfrage muss gültiges JSON enthalten.');
  });
});

describe('GET /api/patient/email/bestaetigen/{code}', () => {
  it('fails for an expired code, an unknown code, a code of another purpose and a malformed code', async () => {
    const { id, email } = await registeredPatient();
    const expired = await issueCode(w.t.db, { userId: id, purpose: 'EMAIL_BESTAETIGEN', ttlHours: -1 });
    const reset = await issueCode(w.t.db, { userId: id, purpose: 'PASSWORT_RESET' });
    for (const code of [expired, reset, 'A'.repeat(43), 'kein.code']) {
      const response = await confirm(code);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(ACCOUNT_MESSAGES.codeUngueltig);
    }
    expect((await userByEmail(email))!.emailConfirmed).toBe(false);
  });

  it('answers an expired link of a confirmed address with BEREITS_BESTAETIGT, of an unconfirmed one with 400', async () => {
    const { id, code: replaced } = await registeredPatient();
    const expired = await issueCode(w.t.db, { userId: id, purpose: 'EMAIL_BESTAETIGEN', ttlHours: -1 });
    expect((await confirm(expired)).statusCode).toBe(400);
    await w.t.db.update(users).set({ emailConfirmed: true }).where(eq(users.id, id));
    const response = await confirm(expired);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'BEREITS_BESTAETIGT' });
    // a replaced link is unknown, whatever the account's state
    expect((await confirm(replaced)).statusCode).toBe(400);
    // confirmed once, but no longer (e.g. an operator reset it): the old link is an error again
    await w.t.db.update(users).set({ emailConfirmed: false }).where(eq(users.id, id));
    expect((await confirm(expired)).json().message).toContain(ACCOUNT_MESSAGES.codeUngueltig);
  });
});

describe('GET /api/patient/email/confirmed/{email} and POST /api/patient/email/erneutsenden', () => {
  const status = (email: string, authorization?: string) =>
    w.t.app.inject({
      method: 'GET',
      url: apiUrl(accountsEndpoints.emailBestaetigt, { params: { email: email } }),
      headers: authorization ? { authorization } : {},
    });
  const resend = (email: string, authorization?: string) =>
    w.t.app.inject({
      method: 'POST',
      url: apiUrl(accountsEndpoints.bestaetigungErneutSenden),
      headers: { 'content-type': 'text/plain', ...(authorization ? { authorization } : {}) },
      payload: email,
    });

  it('tells an operator with BENUTZER_VERWALTEN the status of any account', async () => {
    const operator = await w.t.bearer('betreiber@demo.de');
    const { email } = await registeredPatient();
    expect((await status('patient@demo.de', operator)).json()).toBe(true);
    expect((await status(email.toUpperCase(), operator)).json()).toBe(false);
    const unknown = await status('niemand@demo.de', operator);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ACCOUNT_MESSAGES.benutzerUnbekannt);
    expect((await status('kein-email', operator)).statusCode).toBe(400);
  });

  it('tells owners their own status only, and refuses visitors, other roles and operators without the privilege', async () => {
    const { email } = await registeredPatient();
    const own = await w.t.bearer(email, 'Sicher#2026');
    expect((await status(email, own)).json()).toBe(false);
    expect((await status('patient@demo.de', own)).statusCode).toBe(403);
    expect((await status(email, await w.t.bearer('therapeut@demo.de'))).statusCode).toBe(403);
    expect((await status(email)).statusCode).toBe(401);

    const plainOperator = uniqueEmail('betreiber-ohne');
    await w.t.db.insert(users).values({
      email: plainOperator,
      passwordHash: (await userByEmail('betreiber@demo.de'))!.passwordHash,
      role: 'BETREIBER',
      privileges: [privilegeCode('TERMINE_EDITIEREN')],
      emailConfirmed: true,
    });
    const operatorWithout = await w.t.bearer(plainOperator);
    expect((await status(email, operatorWithout)).statusCode).toBe(403);
    expect((await resend(email, operatorWithout)).statusCode).toBe(403);
  });

  it('re-sends the confirmation of an unconfirmed patient with a new link; the old one stops working', async () => {
    const operator = await w.t.bearer('betreiber@demo.de');
    const { email, code } = await registeredPatient();
    w.mark();
    const response = await resend(email, operator);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
    const mail = await w.nextMail(email, /bestätigen/);
    const fresh = codeFromMail(mail, 'emailbestaetigen');
    expect(fresh).not.toBe(code);
    expect((await confirm(code)).statusCode).toBe(400);
    expect((await confirm(fresh)).statusCode).toBe(200);
    expect((await status(email, operator)).json()).toBe(true);
  });

  it('lets an unconfirmed patient ask for the own mail again, but not for someone else', async () => {
    const { email } = await registeredPatient();
    const other = await registeredPatient();
    const own = await w.t.bearer(email, 'Sicher#2026');
    w.mark();
    expect((await resend(email, own)).statusCode).toBe(200);
    await w.nextMail(email, /bestätigen/);
    expect((await resend(other.email, own)).statusCode).toBe(403);
  });

  it('refuses confirmed addresses, non-patients, unknown addresses, visitors and bad input', async () => {
    const operator = await w.t.bearer('betreiber@demo.de');
    const confirmed = await resend('patient@demo.de', operator);
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().message).toBe(ACCOUNT_MESSAGES.emailBereitsBestaetigt);
    await w.t.db.update(users).set({ emailConfirmed: false }).where(eq(users.email, 'therapeut2@demo.de'));
    const therapist = await resend('therapeut2@demo.de', operator);
    expect(therapist.statusCode).toBe(400);
    expect(therapist.json().message).toBe(ACCOUNT_MESSAGES.nurPatienten);
    await w.t.db.update(users).set({ emailConfirmed: true }).where(eq(users.email, 'therapeut2@demo.de'));
    expect((await resend('niemand@demo.de', operator)).statusCode).toBe(404);
    expect((await resend('patient@demo.de')).statusCode).toBe(401);
    const bad = await resend('kein-email', operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('E-Mail ist nicht valide.');
  });
});

describe('assertEmailConfirmed', () => {
  it('passes confirmed accounts, refuses unconfirmed ones with 403 and unknown ones with 404', async () => {
    const demo = await userByEmail('patient@demo.de');
    await expect(assertEmailConfirmed(w.t.db, demo!.id)).resolves.toBeUndefined();
    const { id } = await registeredPatient();
    const refusal = await assertEmailConfirmed(w.t.db, id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ statusCode: 403, message: ACCOUNT_MESSAGES.emailNichtBestaetigt });
    await expect(assertEmailConfirmed(w.t.db, 999_999)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('mail outbox', () => {
  it('stores the confirmation only as an outbox row with the link, never the plain code in the code table', async () => {
    const { id, code } = await registeredPatient();
    const codes = await w.t.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, id), eq(oneTimeCodes.purpose, 'EMAIL_BESTAETIGEN')));
    expect(codes).toHaveLength(1);
    expect(JSON.stringify(codes)).not.toContain(code);
    const outbox = await w.t.db.select().from(mailOutbox);
    expect(outbox.some((row) => row.text.includes(code))).toBe(true);
  });
});

describe('rate limits', () => {
  let limited: AccountsTestWorld;
  beforeAll(async () => {
    limited = await startAccountsWorld({ LOGIN_RATE_LIMIT_IP: '2', LOGIN_RATE_LIMIT_ACCOUNT: '2' });
  });
  afterAll(() => limited.close());

  it.each([
    ['POST', apiUrl(accountsEndpoints.registrieren)],
    ['POST', apiUrl(accountsEndpoints.passwortZuruecksetzen)],
    ['GET', apiUrl(accountsEndpoints.emailBestaetigen, { params: { code: 'abc' } })],
    ['GET', apiUrl(accountsEndpoints.emailAenderungAbschliessen, { params: { code: 'abc' } })],
    ['POST', apiUrl(accountsEndpoints.passwortMitCodeSetzen, { params: { code: 'abc' } })],
  ] as const)('limits %s %s per IP address with a German 429', async (method, url) => {
    const call = (ip: string) =>
      limited.t.app.inject({ method, url, remoteAddress: ip, payload: method === 'POST' ? {} : undefined });
    await call('10.0.0.1');
    await call('10.0.0.1');
    const third = await call('10.0.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      message: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
      code: 'RATE_LIMITED',
    });
    expect((await call('10.0.0.2')).statusCode).not.toBe(429);
  });

  it('limits password checks per account, not per address', async () => {
    const change = (authorization: string, ip: string) =>
      limited.t.app.inject({
        method: 'POST',
        url: apiUrl(accountsEndpoints.passwortAendern),
        remoteAddress: ip,
        headers: { authorization },
        payload: { passwort: 'Neu#20261', aktuellesPasswort: 'Falsch#1' },
      });
    const patient = await limited.t.bearer('patient@demo.de');
    expect((await change(patient, '10.1.0.1')).statusCode).toBe(400);
    expect((await change(patient, '10.1.0.2')).statusCode).toBe(400);
    expect((await change(patient, '10.1.0.3')).statusCode).toBe(429);
    expect((await change(await limited.t.bearer('patient2@demo.de'), '10.1.0.3')).statusCode).toBe(400);
  });
});
