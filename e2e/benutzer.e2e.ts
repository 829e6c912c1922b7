import { privilegeCode } from '@dihs/contract/common/roles';
import { DEMO_PASSWORD, baseUrl, createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { authEndpoints } from '@dihs/contract/auth';

const ADMIN_PRIVILEGES = [privilegeCode('BENUTZER_VERWALTEN')];

test.describe('user administration (/betreiber/benutzer/liste)', () => {
  test('an operator creates a therapist by e-mail and lands on the new profile', async ({ page }) => {
    const operator = await createAccount('BETREIBER', ADMIN_PRIVILEGES);
    const email = `e2e-neu-${process.pid}-${Date.now()}@praxis.de`;
    await login(page, operator, { via: 'api', to: '/betreiber/benutzer/liste' });
    await expect(page.getByRole('heading', { level: 1, name: 'Benutzer verwalten' })).toBeVisible();
    await page.getByRole('tab', { name: 'Therapeuten' }).click();
    await expect(page.getByRole('table', { name: 'Therapeuten' })).toContainText('therapeut@demo.de');

    await page.getByRole('button', { name: 'Neuer Therapeut' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuen Therapeut anlegen.' });
    const create = dialog.getByRole('button', { name: 'Anlegen' });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('E-Mail').fill(email.toUpperCase());
    await create.click();
    await expect(page).toHaveURL(/\/profil\/\d+$/);

    const userId = Number(new URL(page.url()).pathname.split('/').pop());
    const { rows } = await sql('select email, rolle from benutzer where id = $1', [userId]);
    expect(rows[0]).toEqual({ email, rolle: 'THERAPEUT' });

    // the same address again cannot be given
    await page.goto('/betreiber/benutzer/liste?tab=therapeuten');
    await expect(page.getByRole('table', { name: 'Therapeuten' })).toContainText(email);
    await page.getByRole('button', { name: 'Neuer Therapeut' }).click();
    await page.getByRole('dialog').getByLabel('E-Mail').fill(email);
    await page.getByRole('dialog').getByRole('button', { name: 'Anlegen' }).click();
    await expect(page.getByRole('dialog')).toContainText('Die gewälte E-Mail-Adresse konnte nicht vergeben werden.');
  });

  test('an account locked by five wrong passwords is unlocked in "Gesperrte Benutzer" and can log in again', async ({
    page,
    browser,
    request,
  }) => {
    const locked = await createAccount('PATIENT');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await request.post(`${baseUrl()}${apiUrl(authEndpoints.anmelden)}`, {
        data: { email: locked, password: `Falsch#${attempt}` },
      });
    }
    const refused = await request.post(`${baseUrl()}${apiUrl(authEndpoints.anmelden)}`, {
      data: { email: locked, password: DEMO_PASSWORD },
    });
    expect((await refused.json()).code).toBe('ACCOUNT_LOCKED');

    const operator = await createAccount('BETREIBER', ADMIN_PRIVILEGES);
    await login(page, operator, { via: 'api', to: '/betreiber/benutzer/liste' });
    await page.getByRole('tab', { name: 'Gesperrte Benutzer' }).click();
    const unlock = page.getByRole('button', { name: 'Ausgewählte Sperrungen aufheben' });
    await expect(unlock).toBeDisabled();
    await page.getByRole('checkbox', { name: locked }).check();
    await unlock.click();
    await expect(page.getByText('Eine Sperrung wurde aufgehoben.')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: locked })).toHaveCount(0);

    const userContext = await browser.newContext({ baseURL: baseUrl() });
    const userPage = await userContext.newPage();
    await userPage.goto('/');
    await login(userPage, locked);
    await expect(userPage).toHaveURL('/cockpit');
    await userContext.close();
  });
});
