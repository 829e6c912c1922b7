import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsEndpoints } from '@dihs/contract/accounts';
import { authEndpoints } from '@dihs/contract/auth';
import { cartEndpoints } from '@dihs/contract/cart';
import { API_PREFIX } from '@dihs/contract/common/endpoint';
import { feedbackEndpoints } from '@dihs/contract/feedback';
import { profilEndpoints } from '@dihs/contract/profil';
import { secondFactorEndpoints } from '@dihs/contract/second-factor';
import { codeFromMail, PUBLIC_URL, registration } from '../modules/accounts/accounts.test-support.ts';
import { cartHelpers } from '../modules/cart/cart.test-support.ts';
import { users } from '../modules/users/users.table.ts';
import { injectEndpoint } from '../test/inject-endpoint.ts';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Convention 9: health data, tokens and passwords never reach the log. The app runs at level trace into a captured
 * stream; the main flows send distinctive values, and none of them (nor the issued tokens and codes) may show up.
 */

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
const log = () => lines.join('');

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp(
    {
      LOG_LEVEL: 'trace',
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      LOGIN_RATE_LIMIT_IP: '1000',
      LOGIN_RATE_LIMIT_ACCOUNT: '1000',
    },
    { logStream },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const stamp = Date.now()
  .toString(36)
  .replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d)));
/** Letters only, so each passes the name, street and city rules. */
const marker = (what: string) => `Qx${what}${stamp}Zy`;

const M = {
  vorname: marker('Vorname'),
  nachname: marker('Nachname'),
  emailLocal: `qxmail${stamp}`,
  strasse: marker('Strasse'),
  ort: marker('Ort'),
  password: `Qx#Pw${stamp}1Aa`,
  newPassword: `Qx#Neu${stamp}2Bb`,
  telefon: `+49 30 ${Date.now() % 100_000_000}`,
  bemerkung: marker('Bemerkung'),
  dokumentation: marker('Dokumentation'),
  feedback: marker('Feedback'),
  feedbackEmail: `qxfeedback${stamp}@example.de`,
  befund: marker('Befund'),
  badBody: marker('BadBody'),
  unknownPath: marker('UnbekannterPfad'),
  unknownQuery: marker('UnbekannteQuery'),
};
const email = `${M.emailLocal}@test.de`;

/** Everything the flows produced that must stay out of the log, by name (the name tells which leaked). */
const secrets: Record<string, string> = { ...M, email };
/** Six-digit codes: only as a number of their own (not inside a timestamp). */
const numericCodes: Record<string, string> = {};

async function ok(response: Promise<{ statusCode: number; body: string }>, status = 200) {
  const r = await response;
  if (r.statusCode !== status) throw new Error(`expected ${status}, got ${r.statusCode}: ${r.body}`);
  return r;
}

describe('logs stay clean (convention 9)', () => {
  it('runs the main flows', async () => {
    // registration and confirmation
    const form = registration({
      vorname: M.vorname,
      nachname: M.nachname,
      email,
      passwort: M.password,
      passwortWiederholen: M.password,
      strasse: M.strasse,
      stadt: M.ort,
    });
    await ok(injectEndpoint(t.app, accountsEndpoints.registrieren, { body: form }));
    const confirmCode = codeFromMail(
      await smtp.waitFor((m) => m.to === email && /bestätigen/.test(m.subject)),
      'emailbestaetigen',
    );
    secrets.confirmCode = confirmCode;
    await ok(injectEndpoint(t.app, accountsEndpoints.emailBestaetigen, { params: { code: confirmCode } }));

    // login and a call with the token; a wrong password too
    const login = await ok(injectEndpoint(t.app, authEndpoints.anmelden, { body: { email, password: M.password } }));
    const token = (JSON.parse(login.body) as { token: string }).token;
    secrets.token = token;
    const bearer = `Bearer ${token}`;
    await injectEndpoint(t.app, authEndpoints.anmelden, { body: { email, password: `${M.password}falsch` } });

    // second factor: key and codes
    const step1 = await ok(
      injectEndpoint(t.app, secondFactorEndpoints.aktivieren, {
        body: { password: M.password },
        authorization: bearer,
      }),
    );
    const { privateKey } = JSON.parse(step1.body) as { privateKey: string };
    secrets.privateKey = privateKey;
    const activationCode = await generate({ secret: privateKey });
    numericCodes.activationCode = activationCode;
    await ok(
      injectEndpoint(t.app, secondFactorEndpoints.aktivieren, {
        body: { password: M.password, privateKey, token: activationCode },
        authorization: bearer,
      }),
    );
    const loginCode = await generate({ secret: privateKey });
    numericCodes.loginCode = loginCode;
    const second = await ok(
      injectEndpoint(t.app, authEndpoints.anmelden, {
        body: { email, password: M.password, secondFactorCode: loginCode },
      }),
    );
    secrets.secondToken = (JSON.parse(second.body) as { token: string }).token;

    // password reset by mailed code
    await ok(
      injectEndpoint(t.app, accountsEndpoints.passwortZuruecksetzen, {
        payload: email,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      }),
    );
    const resetCode = codeFromMail(
      await smtp.waitFor((m) => m.to === email && m.text.includes(`${PUBLIC_URL}/passwortreset/`)),
      'passwortreset',
    );
    secrets.resetCode = resetCode;
    await ok(
      injectEndpoint(t.app, accountsEndpoints.passwortMitCodeSetzen, {
        params: { code: resetCode },
        body: { passwort: M.newPassword, passwortWiederholen: M.newPassword },
      }),
    );
    const again = await ok(
      injectEndpoint(t.app, authEndpoints.anmelden, {
        body: { email, password: M.newPassword, secondFactorCode: await generate({ secret: privateKey }) },
      }),
    );
    secrets.thirdToken = (JSON.parse(again.body) as { token: string }).token;
    const patientBearer = `Bearer ${secrets.thirdToken}`;

    // own profile, the operator's remark, documentation
    await ok(
      injectEndpoint(t.app, profilEndpoints.aendern, {
        body: { telefon: M.telefon, strasse: M.strasse },
        authorization: patientBearer,
      }),
    );
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const profile = await ok(injectEndpoint(t.app, profilEndpoints.my, { authorization: patientBearer }));
    const patientId = (JSON.parse(profile.body) as { patientId: number }).patientId;
    const operator = await t.bearer('betreiber@demo.de');
    await ok(
      injectEndpoint(t.app, profilEndpoints.bemerkung, {
        params: { patientId },
        payload: M.bemerkung,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        authorization: operator,
      }),
    );
    await ok(
      injectEndpoint(t.app, profilEndpoints.dokumentationBetreiberAnlegen, {
        params: { patientId },
        payload: M.dokumentation,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        authorization: operator,
      }),
    );

    // a booking
    const h = cartHelpers(
      () => t,
      () => new Date(),
    );
    const termin = await h.termin({ befund: M.befund });
    await h.grant(user!.id, { bezahltGruppenTermin: 1 });
    await ok(injectEndpoint(t.app, cartEndpoints.anlegen, { body: [{ id: termin.id }], authorization: patientBearer }));

    // feedback
    await ok(
      injectEndpoint(t.app, feedbackEndpoints.senden, { body: { email: M.feedbackEmail, feedback: M.feedback } }),
    );

    // bad input and an unknown route
    await ok(
      injectEndpoint(t.app, profilEndpoints.aendern, {
        body: { telefon: M.badBody, unbekannt: M.badBody },
        authorization: patientBearer,
      }),
      400,
    );
    await ok(
      injectEndpoint(t.app, authEndpoints.anmelden, {
        payload: `{"email":"${M.badBody}", kaputt`,
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    await ok(
      t.app.inject({ method: 'GET', url: `${API_PREFIX}/${M.unknownPath}?q=${M.unknownQuery}&email=${email}` }),
      404,
    );
    // let the mail worker's last passes finish before the log is read
    await smtp.waitFor((m) => m.text.includes(M.feedback));
  });

  it('logged the requests at all (the scan below is not vacuous)', () => {
    // one line per request: the flows above send about twenty
    expect(lines.length).toBeGreaterThan(15);
    const entries = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } });
    // one line per request, when it is answered, naming the request
    expect(entries.some((e) => e.msg === 'request completed' && e.req?.url)).toBe(true);
    expect(entries.some((e) => e.msg === 'incoming request')).toBe(false);
    // the masked paths still show which call it was
    expect(log()).toContain('/passwort/reset/…');
    // an address no route has: only its first segment
    expect(entries.some((e) => e.req?.url === `${API_PREFIX}/…`)).toBe(true);
  });

  it('holds none of the markers, passwords, tokens or codes', () => {
    const text = log();
    const leaked = Object.entries(secrets).filter(([, value]) => {
      if (text.includes(value)) return true;
      // also as JSON escapes it, and URL-encoded
      return text.includes(JSON.stringify(value).slice(1, -1)) || text.includes(encodeURIComponent(value));
    });
    const leakedCodes = Object.entries(numericCodes).filter(([, code]) =>
      new RegExp(`(?<![\\d.])${code}(?![\\d.])`).test(text),
    );
    expect([...leaked, ...leakedCodes].map(([name]) => name)).toEqual([]);
    // tokens' signature part alone either
    for (const name of ['token', 'secondToken', 'thirdToken']) expect(text).not.toContain(secrets[name]!.split('.')[2]);
  });
});
