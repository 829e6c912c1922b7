import AxeBuilder from '@axe-core/playwright';
import { expect, login, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';

// issue 32 item 9: the 404 page offers the role's start page, the pages of the menu and the contact
test('the 404 page leads a patient back to the cockpit, to the pages of the menu and to the contact', async ({
  page,
}) => {
  await login(page, 'patient@demo.de', { via: 'api', to: '/gibt/es/nicht' });
  await expect(page).toHaveURL('/error/404');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  const menu = main.getByRole('navigation', { name: 'Seiten im Menü' });
  await expect(menu.getByRole('link', { name: 'Häufige Fragen' })).toHaveAttribute('href', '/faq');
  await expect(main.getByRole('link', { name: 'Kontakt aufnehmen' })).toHaveAttribute('href', '/kontakt');
  const hint = main.getByText('Sie finden nicht, was Sie suchen?');
  await expect(hint.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/kontakt');
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await main.getByRole('link', { name: 'Zum Cockpit' }).click();
  await expect(page).toHaveURL('/cockpit');
});

test("the 404 page lists an operator's own pages and leads to the start page", async ({ page }) => {
  await login(page, 'betreiber@demo.de', { via: 'api', to: '/betreiber/gibt-es-nicht' });
  await expect(page).toHaveURL('/error/404');
  const menu = page.getByRole('main').getByRole('navigation', { name: 'Seiten im Menü' });
  await expect(menu.getByRole('link', { name: 'Benutzer verwalten' })).toHaveAttribute(
    'href',
    '/betreiber/benutzer/liste',
  );
  await page.getByRole('main').getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL('/');
});
