import AxeBuilder from '@axe-core/playwright';
import { privilegeCode } from '@dihs/contract/common/roles';
import { createAccount, expect, login, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('the user list is readable on a 390 px phone, with contrast-safe status chips', async ({ page }) => {
  const operator = await createAccount('BETREIBER', [privilegeCode('BENUTZER_VERWALTEN')]);
  // an own therapist: the shared demo therapist's state is changed by tests running beside this one
  const therapist = await createAccount('THERAPEUT');
  await login(page, operator, { via: 'api', to: '/betreiber/benutzer/liste' });
  await expect(page.getByRole('heading', { level: 1, name: 'Benutzer verwalten' })).toBeVisible();
  await page.getByRole('tab', { name: 'Therapeuten' }).click();
  const table = page.getByRole('table', { name: 'Therapeuten' });
  await expect(table.getByRole('columnheader')).toHaveText(['Benutzer', 'Profil']);

  const row = table.getByRole('row').filter({ hasText: therapist });
  await expect(row.getByText('Aktiv', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: `Profil von ${therapist}` })).toBeVisible();
  // the address stays on one line (it wrapped letter by letter before), and nothing scrolls sideways
  const lines = await row
    .getByText(therapist, { exact: true })
    .evaluate((element) => new Set([...element.getClientRects()].map((rect) => Math.round(rect.top))).size);
  expect(lines).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await settled(page);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('a legal page of the demo shows its template with the notice to adapt it', async ({ page }) => {
  await page.goto('/datenschutz');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
  await expect(main.locator('blockquote')).toContainText('Vorlage – vom Betreiber anzupassen.');
  await expect(main).toContainText('besondere Kategorien personenbezogener Daten nach Art. 9 Abs. 1 DSGVO');
  await expect(main.getByRole('heading', { level: 2, name: '8. Ihre Rechte' })).toBeVisible();
  await settled(page);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
