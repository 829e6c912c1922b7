import { generate } from 'otplib';
import type { Page } from '@playwright/test';
import { privilegeCode } from '@dihs/contract/common/roles';
import { DEMO_PASSWORD, createAccount, expect, login, sql, test } from './support/fixtures.ts';

/** Logs in through the dialog, giving the Auth-Code when asked. */
async function loginWithCode(page: Page, email: string, secret: string) {
  await page.goto('/?login');
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('E-Mail').fill(email);
  await dialog.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  const code = dialog.getByLabel('Auth-Code');
  await expect(code).toBeVisible();
  await code.fill(await generate({ secret }));
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('two-factor set-up (spec 1, section 2.10)', () => {
  test('a patient sets up a second factor from the shown key, then logging in needs the code; then removes it', async ({
    page,
  }) => {
    const email = await createAccount('PATIENT');
    await login(page, email, { via: 'api', to: '/profil' });
    const row = page.getByRole('heading', { name: 'Zwei-Faktor-Authentisierung' }).locator('..');
    await expect(row).toContainText('Deaktiviert');
    await page.getByRole('button', { name: 'Einrichten' }).click();

    const dialog = page.getByRole('dialog', { name: 'Zwei-Faktor-Authentisierung einrichten' });
    await dialog.getByLabel('Passwort').fill('Falsch#2026');
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await expect(dialog).toContainText('Das Passwort ist falsch.');
    // a wrong password here does not end the session
    await expect(page.getByRole('dialog', { name: 'Login abgelaufen' })).toHaveCount(0);

    await dialog.getByLabel('Passwort').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await expect(dialog.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
    const secret = (await dialog.getByTestId('second-factor-key').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await dialog.getByLabel('6-stelliger Code').fill('12345');
    await expect(dialog.getByText('Der Code muss 6 Zeichen lang sein.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Aktivieren' })).toBeDisabled();
    await dialog.getByLabel('6-stelliger Code').fill(await generate({ secret }));
    await dialog.getByRole('button', { name: 'Aktivieren' }).click();
    await expect(dialog).toContainText('Die Zwei-Faktor-Authentisierung wurde aktiviert.');
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await expect(row).toContainText('Aktiviert');

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await loginWithCode(page, email, secret);
    await expect(page).toHaveURL('/cockpit');

    await page.goto('/profil');
    await page.getByRole('button', { name: 'Deaktivieren' }).click();
    const off = page.getByRole('dialog', { name: 'Zwei-Faktor-Authentisierung deaktivieren' });
    await off.getByLabel('Passwort').fill(DEMO_PASSWORD);
    await off.getByLabel('6-stelliger Code').fill(await generate({ secret }));
    await off.getByRole('button', { name: 'Deaktivieren' }).click();
    await expect(off).toContainText('Die Zwei-Faktor-Authentisierung wurde deaktiviert.');
    await off.getByRole('button', { name: 'Schließen' }).click();
    await expect(row).toContainText('Deaktiviert');
  });

  test('an operator sets up a therapist’s second factor, which the therapist then needs', async ({ page, browser }) => {
    const therapist = await createAccount('THERAPEUT');
    const operator = await createAccount('BETREIBER', [privilegeCode('BENUTZER_VERWALTEN')]);
    const { rows } = await sql('select id from benutzer where email = $1', [therapist]);
    await login(page, operator, { via: 'api', to: `/profil/${rows[0].id as number}` });
    await page.getByRole('button', { name: 'Einrichten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zwei-Faktor-Authentisierung einrichten' });
    const secret = (await dialog.getByTestId('second-factor-key').textContent())?.trim() ?? '';
    await dialog.getByLabel('6-stelliger Code').fill(await generate({ secret }));
    await dialog.getByRole('button', { name: 'Aktivieren' }).click();
    await expect(dialog).toContainText('Die Zwei-Faktor-Authentisierung wurde aktiviert.');

    const other = await (await browser.newContext()).newPage();
    await loginWithCode(other, therapist, secret);
    await expect(other).toHaveURL('/therapeut/termine');
    await other.context().close();
  });
});
