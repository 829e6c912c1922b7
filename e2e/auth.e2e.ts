import { generate, generateSecret } from 'otplib';
import { DEMO_PASSWORD, createAccount, expect, login, test } from './support/fixtures.ts';

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
      await expect(error).toContainText(
        attempt < 5 ? WRONG_LOGIN : 'zu vielen fehlgeschlagenen Anmeldeversuchen gesperrt',
      );
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
  test('the expiry timer logs out with "Login abgelaufen"', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await login(page, 'patient@demo.de');
    await expect(page).toHaveURL('/cockpit');
    await page.clock.fastForward('08:00:05');
    const expired = page.getByRole('dialog', { name: 'Login abgelaufen' });
    await expect(expired).toContainText('Ihr Login ist abgelaufen, bitte loggen Sie Sich erneut ein.');
    await expired.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('a token already expired at load logs out at once', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await login(page, 'therapeut@demo.de');
    await expect(page).toHaveURL('/therapeut/termine');
    // moves the clock without firing the expiry timer, as if the browser had been closed meanwhile
    await page.clock.setSystemTime(Date.now() + 9 * 3600 * 1000);
    await page.reload();
    const expired = page.getByRole('dialog', { name: 'Login abgelaufen' });
    await expect(expired).toBeVisible();
    await expired.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  });
});
