import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { authEndpoints } from '@dihs/contract/auth';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { homePathFor } from '@dihs/contract/common/routes';
import { healthEndpoints } from '@dihs/contract/health';
import { storeSessionToken, tokenClaims } from './session-token.ts';

export const DEMO_PASSWORD = 'Demo#2026';

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL fehlt: global-setup lief nicht');
  return url;
};

/** Runs one statement against the test database (for accounts a test needs for itself). */
export async function sql(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

let counter = 0;
/**
 * A fresh account of its own for a test that changes account state (lock, second factor), with the demo
 * password. Privileges are codes.
 */
export async function createAccount(
  role: 'BETREIBER' | 'THERAPEUT' | 'PATIENT',
  privileges: number[] = [],
  extra: { secondFactorSecret?: string } = {},
): Promise<string> {
  const email = `e2e-${role.toLowerCase()}-${process.pid}-${Date.now()}-${counter++}@test.de`;
  await sql(
    `insert into benutzer (email, password_hash, rolle, privileges, email_confirmed, second_factor_secret)
     select $1, password_hash, $2, $3, true, $4 from benutzer where email = 'patient@demo.de'`,
    [email, role, privileges, extra.secondFactorSecret ?? null],
  );
  if (role === 'PATIENT') {
    // consented like the demo patient, so booking and joining do not wait for the consent dialog (einwilligung)
    await sql(
      `insert into einwilligung (benutzer_id, fassung_id, anlass)
       select (select id from benutzer where email = $1), e.fassung_id, e.anlass
       from einwilligung e join benutzer b on b.id = e.benutzer_id where b.email = 'patient@demo.de'`,
      [email],
    );
  }
  return email;
}

export interface LoginOptions {
  password?: string;
  /**
   * 'dialog' (the default): through the top bar's login dialog, as a person logs in; the page must show the app.
   * 'api': asks the server for the token and stores it with the app's own token storage, then opens `to`. For every
   * test whose subject is not the login itself: it saves a page load, the dialog and a second password check.
   */
  via?: 'dialog' | 'api';
  /** With via 'api': the page to open logged in; by default the role's home page, where the dialog lands too. */
  to?: string;
}

/**
 * Logs in. By default it opens the login dialog from the top bar and waits until the dialog is gone; with
 * `{ via: 'api', to }` it needs no page open before and leaves the page at `to`, logged in (see e2e/README.md).
 */
export async function login(
  page: Page,
  email: string,
  passwordOrOptions: string | LoginOptions = DEMO_PASSWORD,
): Promise<void> {
  const options = typeof passwordOrOptions === 'string' ? { password: passwordOrOptions } : passwordOrOptions;
  const password = options.password ?? DEMO_PASSWORD;
  if (options.via === 'api') {
    const response = await page.request.post(apiUrl(authEndpoints.anmelden), {
      data: { email, password, secondFactorCode: '' },
    });
    if (!response.ok()) throw new Error(`Anmeldung von ${email} abgelehnt: ${await response.text()}`);
    const { token } = (await response.json()) as { token: string };
    // storage belongs to the origin: a tiny document of it is enough (the app itself loads once, at `to`); a
    // blank page opens the context's own origin, which is not always E2E_BASE_URL (the Redis test's second instance)
    if (!/^https?:/.test(page.url())) await page.goto(apiUrl(healthEndpoints.health));
    await storeSessionToken(page, token);
    await page.goto(options.to ?? homePathFor(tokenClaims(token).role));
    return;
  }
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('E-Mail').fill(email);
  await dialog.getByLabel('Passwort', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  // the dialog closes when the session starts, which is after the token is stored (a page.goto right after finds it)
  await expect(dialog).toBeHidden();
}

/** A mail the app sent, as global-setup's SMTP server stored it. */
export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  /** File names of the attachments (the booking confirmation's termine.ics). */
  attachments: string[];
}

const mailDir = (): string => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR fehlt: global-setup lief nicht');
  return dir;
};
const mailFiles = (): string[] =>
  readdirSync(mailDir())
    .filter((name) => name.endsWith('.json'))
    .sort();

/** The first link in a mail that starts with the given URL prefix (e.g. `${baseURL}/passwortreset/`). */
export function linkFromMail(mail: CapturedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`Kein Link ${prefix}… in der Mail „${mail.subject}“`);
  return link;
}

export const test = base.extend<{
  /**
   * Waits (up to 15 s) for a mail to `to` (and a subject matching `subject`) that arrived during this test and
   * was not returned before, so a test can wait for two mails of the same kind one after the other.
   */
  waitForMail: (to: string, subject?: RegExp) => Promise<CapturedMail>;
}>({
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  // CI prints only its log: a failed test's page, as the accessibility tree sees it, says what covered or replaced
  // the expected screen (a dialog, an error page) where the trace and screenshot files are out of reach
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
    const tree = await page
      .locator('body')
      .ariaSnapshot({ timeout: 2000 })
      .catch((error: unknown) => `(nicht lesbar: ${String(error)})`);
    console.log(`--- Seite beim Fehlschlag, ${page.url()}:\n${tree.slice(0, 4000)}`);
  },
  waitForMail: async ({}, use) => {
    const seen = new Set(mailFiles());
    await use(async (to, subject) => {
      const address = to.toLowerCase();
      for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
        for (const name of mailFiles()) {
          if (seen.has(name)) continue;
          const mail = JSON.parse(readFileSync(path.join(mailDir(), name), 'utf8')) as CapturedMail;
          if (mail.to.toLowerCase() !== address || (subject && !subject.test(mail.subject))) continue;
          seen.add(name);
          return mail;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`Keine Mail an ${to}${subject ? ` mit Betreff ${subject}` : ''} angekommen`);
    });
  },
});
export { expect };
