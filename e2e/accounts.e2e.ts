import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, createAccount, expect, linkFromMail, sql, test } from './support/fixtures.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { accountsEndpoints } from '@dihs/contract/accounts';
import { authEndpoints } from '@dihs/contract/auth';
import { typeInPicker } from './support/pickers.ts';
import { scaled } from './support/slowness.ts';

const PASSWORD = 'Sicher#2026';

/** The bearer header of an account with the demo password, from the API (no browser login needed). */
async function bearerOf(page: Page, email: string): Promise<string> {
  const response = await page.request.post(apiUrl(authEndpoints.anmelden), {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return `Bearer ${((await response.json()) as { token: string }).token}`;
}

test.describe('registration', () => {
  test('a visitor registers, confirms the address with the link from the mail and logs in', async ({
    page,
    baseURL,
    waitForMail,
  }) => {
    const email = `e2e-registrierung-${process.pid}-${Date.now()}@test.de`;
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Registrieren' }).click();
    await expect(page).toHaveURL('/registrieren');
    await expect(page.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Registrierung' });
    const submit = form.getByRole('button', { name: 'Registrieren' });
    await expect(submit).toBeDisabled();

    // a broken rule shows its message under the field and keeps the button disabled
    await form.getByLabel(/^Vorname/).fill('Renate2');
    await expect(form.getByText('Vorname enthält unzulässige Zeichen.')).toBeVisible();
    await form.getByLabel(/^Vorname/).fill('Renate');
    await expect(form.getByText('Vorname enthält unzulässige Zeichen.')).toBeHidden();
    await expect(form.getByText('6/30')).toBeVisible();

    await form.getByLabel(/^Nachname/).fill('Müller-Lüdenscheidt');
    await form.getByLabel(/^E-Mail/).fill(email.toUpperCase());
    await form.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD);
    await form.getByLabel(/^Passwort wiederholen/).fill('Sicher#2025');
    await expect(form.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();
    await form.getByLabel(/^Passwort wiederholen/).fill(PASSWORD);
    await form.getByLabel(/^Straße/).fill('Am Weiher');
    await form.getByLabel(/^Hausnummer/).fill('7a');
    await form.getByLabel(/^PLZ/).fill('50667');
    await form.getByLabel(/^Stadt/).fill('Köln');
    await form.getByLabel(/^Land/).fill('Deutschland');
    await typeInPicker(form.getByRole('group', { name: /^Geburtsdatum/ }), '23.04.1961');
    await expect(submit).toBeDisabled();
    await form.getByRole('checkbox', { name: /Einverständnis zur Videotherapie/ }).check();
    await expect(submit).toBeEnabled();
    await submit.click();

    const success = page.getByRole('dialog', { name: 'Die Registrierung war erfolgreich!' });
    await expect(success).toContainText('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    await success.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL('/');

    const mail = await waitForMail(email, /bestätigen/);
    expect(mail.subject).toContain('DiHS Teletherapie');
    const link = linkFromMail(mail, `${baseURL}/emailbestaetigen/`);
    const stored = await sql('select email_confirmed, rolle from benutzer where email = $1', [email]);
    expect(stored.rows).toEqual([{ email_confirmed: false, rolle: 'PATIENT' }]);

    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('Die Bestätigung war erfolgreich!');
    const confirmed = await sql('select email_confirmed from benutzer where email = $1', [email]);
    expect(confirmed.rows).toEqual([{ email_confirmed: true }]);

    await page.getByRole('link', { name: 'Zum Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('E-Mail').fill(email);
    await dialog.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/cockpit');
  });

  test('a used confirmation link says the address is confirmed and offers the login; an unknown one fails', async ({
    page,
    baseURL,
    waitForMail,
  }) => {
    const email = await createAccount('PATIENT');
    await sql('update benutzer set email_confirmed = false where email = $1', [email]);
    await page.request.post(apiUrl(accountsEndpoints.bestaetigungErneutSenden), {
      headers: { 'content-type': 'text/plain', authorization: await bearerOf(page, email) },
      data: email,
    });
    const link = linkFromMail(await waitForMail(email, /bestätigen/), `${baseURL}/emailbestaetigen/`);
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('Die Bestätigung war erfolgreich!');
    // the second click (issue 32 item 7)
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('Ihre E-Mail-Adresse ist bereits bestätigt.');
    await page.getByRole('link', { name: 'Zum Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto(`${baseURL}/emailbestaetigen/unbekannterCode`);
    await expect(page.getByRole('alert')).toHaveText('Beim Bestätigen ist ein Fehler aufgetreten!');
    await expect(page).toHaveURL('/', { timeout: scaled(12_000) });
  });
});

test.describe('password reset', () => {
  test('"Passwort vergessen" mails a link; the new password set there logs in, the old one no longer', async ({
    page,
    baseURL,
    waitForMail,
  }) => {
    const email = await createAccount('PATIENT');
    await page.goto('/?login');
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByRole('button', { name: 'Passwort vergessen' }).click();
    await dialog.getByLabel('E-Mail').fill(email);
    await dialog.getByRole('button', { name: 'Anfordern' }).click();
    await expect(dialog).toContainText('Sie haben eine E-Mail an die angegebene Adresse erhalten.');
    await dialog.getByRole('button', { name: 'Schließen' }).click();

    const mail = await waitForMail(email, /Neues Passwort/);
    await page.goto(linkFromMail(mail, `${baseURL}/passwortreset/`));
    await expect(page.getByRole('heading', { level: 1, name: 'Bitte wählen Sie ein neues Passwort' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Passwort setzen' });
    await expect(submit).toBeDisabled();
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('neu');
    await expect(page.getByText('Das Passwort muss zwischen 8 und 40 Zeichen haben.')).toBeVisible();
    await expect(page.getByText('3/40')).toBeVisible();
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('Neues#Passwort2026');
    await page.getByLabel(/^Passwort wiederholen/).fill('Neues#Passwort2026');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Das Passwort wurde gesetzt. Sie können sich nun mit Ihrem neuen Passwort anmelden.',
    );

    await page.getByRole('link', { name: 'Zum Login' }).click();
    await expect(page).toHaveURL('/?login');
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByLabel('E-Mail').fill(email);
    await login.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Fehler bei der Anmeldung' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Fehler bei der Anmeldung' }).getByRole('button', { name: 'OK' }).click();
    await login.getByLabel('Passwort', { exact: true }).fill('Neues#Passwort2026');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/cockpit');

    // the link works once
    await page.goto(linkFromMail(mail, `${baseURL}/passwortreset/`));
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('Drittes#Passwort1');
    await page.getByLabel(/^Passwort wiederholen/).fill('Drittes#Passwort1');
    await page.getByRole('button', { name: 'Passwort setzen' }).click();
    await expect(page.getByRole('alert')).toHaveText('Beim Setzen des Passworts ist ein Fehler aufgetreten!');
  });
});
