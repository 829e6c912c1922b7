import type { RegistrierenForm } from '@dihs/contract/accounts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../test/smtp-capture.ts';

export const PUBLIC_URL = 'http://plattform.test';

export interface AccountsTestWorld {
  t: TestApp;
  smtp: SmtpCapture;
  /** Resolves with the next mail (after the last call of `mark`) to that address whose subject matches. */
  nextMail(to: string, subject: RegExp): Promise<CapturedMail>;
  /** Remembers how many mails arrived so far; nextMail only looks at later ones. */
  mark(): void;
  close(): Promise<void>;
}

/** The app with a real SMTP server behind it and mail links under PUBLIC_URL. */
export async function startAccountsWorld(env: Record<string, string> = {}): Promise<AccountsTestWorld> {
  const smtp = await startSmtpCapture();
  const t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    LOGIN_RATE_LIMIT_IP: '1000',
    LOGIN_RATE_LIMIT_ACCOUNT: '1000',
    ...env,
  });
  let seen = 0;
  return {
    t,
    smtp,
    mark: () => {
      seen = smtp.mails.length;
    },
    nextMail: (to, subject) => {
      const from = seen;
      return smtp.waitFor((m) => smtp.mails.indexOf(m) >= from && m.to === to && subject.test(m.subject));
    },
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

/** The one-time code of the link to `page` (emailbestaetigen, emailreset, passwortreset) in a mail. */
export function codeFromMail(mail: CapturedMail, page: 'emailbestaetigen' | 'emailreset' | 'passwortreset'): string {
  const match = new RegExp(`${PUBLIC_URL}/${page}/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`Kein Link auf /${page} in der Mail „${mail.subject}“`);
  return match[1];
}

let counter = 0;
/** A unique address for one test. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${counter++}@test.de`;

/** A valid registration; override single fields to break one rule. */
export const registration = (overrides: Partial<RegistrierenForm> = {}): RegistrierenForm => ({
  vorname: 'Renate',
  nachname: 'Müller-Lüdenscheidt',
  email: uniqueEmail('renate'),
  passwort: 'Sicher#2026',
  passwortWiederholen: 'Sicher#2026',
  strasse: 'Am Weiher',
  hausnummer: '7a',
  plz: '50667',
  stadt: 'Köln',
  land: 'Deutschland',
  geburtsdatum: '1961-04-23',
  einverstaendnis: true,
  ...overrides,
});
