import AxeBuilder from '@axe-core/playwright';
import { SITZUNG_ENDE_TEXTS } from '@dihs/contract/auth';
import { MESSAGES } from '@dihs/contract/common/messages';
import { generate, generateSecret } from 'otplib';
import { DEMO_PASSWORD, createAccount, expect, login, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';

const WRONG_LOGIN = 'E-Mail-Adresse oder Passwort ist falsch.';

test.describe('login and logout', () => {
  for (const [email, landing, heading] of [
    ['patient@demo.de', '/cockpit', 'Cockpit'],
    ['therapeut@demo.de', '/therapeut/termine', 'TERMINPLAN'],
    ['betreiber@demo.de', '/', null],
  ] as const) {
    test(`${email} logs in, lands on ${landing} and logs out`, async ({ page }) => {
      await page.goto('/');
      await login(page, email);
      await expect(page).toHaveURL(landing);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL('/');
      await expect(banner.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Registrieren' })).toBeVisible();
    });
  }

  test('a wrong password shows "Fehler bei der Anmeldung" with the server message', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('E-Mail').fill('patient2@demo.de');
    await dialog.getByLabel('Passwort', { exact: true }).fill('Falsch#2026');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    const error = page.getByRole('dialog', { name: 'Fehler bei der Anmeldung' });
    await expect(error).toContainText(WRONG_LOGIN);
  });

  test('five wrong passwords in a row lock the account, and the right one no longer helps', async ({ page }) => {
    const email = await createAccount('PATIENT');
    await page.goto('/?login');
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('E-Mail').fill(email);
    const error = page.getByRole('dialog', { name: 'Fehler bei der Anmeldung' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await dialog.getByLabel('Passwort', { exact: true }).fill(`Falsch#${attempt}`);
      await dialog.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(error).toContainText(attempt < 5 ? WRONG_LOGIN : MESSAGES.loginGesperrtFehlversuche);
      await error.getByRole('button').click();
      await expect(error).toBeHidden();
    }
    await dialog.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(error).toContainText('gesperrt');
  });

  test('the Auth-Code field appears only for an account with a second factor', async ({ page }) => {
    const secret = generateSecret();
    const email = await createAccount('THERAPEUT', [], { secondFactorSecret: secret });
    await page.goto('/?login');
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await expect(dialog.getByLabel('Auth-Code')).toHaveCount(0);
    await dialog.getByLabel('E-Mail').fill(email);
    await dialog.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    const code = dialog.getByLabel('Auth-Code');
    await expect(code).toBeFocused();
    await code.fill(await generate({ secret }));
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/therapeut/termine');
  });

  test('?login opens the login dialog, and closing it resets it', async ({ page }) => {
    await page.goto('/?login');
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('E-Mail').fill('patient@demo.de');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Login' }).getByLabel('E-Mail')).toHaveValue('');
  });

  test('Passwort vergessen requests a reset and shows the success text', async ({ page }) => {
    await page.goto('/?login');
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByRole('button', { name: 'Passwort vergessen' }).click();
    await dialog.getByLabel('E-Mail').fill('patient@demo.de');
    await dialog.getByRole('button', { name: 'Anfordern' }).click();
    await expect(dialog).toContainText(
      'Sie haben eine E-Mail an die angegebene Adresse erhalten. Über diese können Sie ein neues Passwort setzen.',
    );
    await expect(dialog.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('session expiry', () => {
  test('an idle page locks after 60 minutes, keeps what was typed and goes on after the password', async ({ page }) => {
    const email = await createAccount('PATIENT');
    await page.clock.install();
    await login(page, email, { via: 'api', to: '/profil' });
    await page.getByRole('button', { name: 'Straße und Hausnummer bearbeiten' }).click();
    await page.getByRole('textbox', { name: 'Straße' }).fill('Birkenweg');

    await page.clock.fastForward('01:00:30');
    const lock = page.getByRole('dialog', { name: SITZUNG_ENDE_TEXTS.inaktivTitel });
    await expect(lock).toContainText(SITZUNG_ENDE_TEXTS.inaktiv(60));
    await expect(lock).toContainText(SITZUNG_ENDE_TEXTS.eingabenBleiben);
    await expect(lock.getByLabel('E-Mail')).toHaveValue(email);
    await settled(page);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await lock.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await lock.getByRole('button', { name: SITZUNG_ENDE_TEXTS.erneutAnmelden }).click();
    await expect(lock).toBeHidden();
    // the page never left: the typed street is still there and saves with the new login
    await expect(page).toHaveURL('/profil');
    await expect(page.getByRole('textbox', { name: 'Straße' })).toHaveValue('Birkenweg');
    await page.getByRole('textbox', { name: 'Hausnummer' }).fill('7');
    await page.getByRole('button', { name: 'Straße und Hausnummer speichern' }).click();
    await page
      .getByRole('dialog', { name: 'Änderungen Speichern?' })
      .getByRole('button', { name: 'Speichern' })
      .click();
    await expect(page.getByText('Birkenweg 7')).toBeVisible();
  });

  test('"Abmelden" on the lock leaves for the start page', async ({ page }) => {
    await page.clock.install();
    await login(page, 'therapeut@demo.de', { via: 'api' });
    // the page's own calls are activity: the idle time starts once they are answered
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.clock.fastForward('00:30:30');
    const lock = page.getByRole('dialog', { name: SITZUNG_ENDE_TEXTS.inaktivTitel });
    await expect(lock).toContainText(SITZUNG_ENDE_TEXTS.inaktiv(30));
    await lock.getByRole('button', { name: SITZUNG_ENDE_TEXTS.abmelden }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('a token already expired at load logs out at once', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await login(page, 'therapeut@demo.de');
    await expect(page).toHaveURL('/therapeut/termine');
    // the browser closed for 9 hours: no page of it runs a timer meanwhile, the token stays stored
    const context = page.context();
    await page.close();
    await context.clock.setSystemTime(Date.now() + 9 * 3600 * 1000);
    const later = await context.newPage();
    await later.goto('/therapeut/termine');
    const expired = later.getByRole('dialog', { name: 'Login abgelaufen' });
    await expect(expired).toBeVisible();
    await expired.getByRole('button', { name: 'OK' }).click();
    await expect(later.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  });
});
