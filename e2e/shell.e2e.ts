import AxeBuilder from '@axe-core/playwright';
import { DEMO_PASSWORD, expect, login, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { authEndpoints } from '@dihs/contract/auth';

test.describe('start page and shell', () => {
  test('shows the top bar with the server menu, the footer links and the landing page', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Startseite' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Über uns' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Kontakt' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/registrieren');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Kontakt', '/kontakt'],
      ['Impressum', '/impressum'],
      ['AGB', '/agb'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Startseite/);
  });

  test('opens a content page from the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Über uns' }).click();
    await page.getByRole('menuitem', { name: 'Über die Plattform' }).click();
    await expect(page).toHaveURL('/inhalt/ueber-uns');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Über die Plattform');
    await expect(page.getByRole('main')).toContainText('Beispieltext');
  });

  test('static pages render title and content from the server', async ({ page }) => {
    await page.goto('/impressum');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Impressum');
    await expect(page.getByRole('main')).toContainText('Muster-Betreiber GmbH');
  });

  test('a page for logged-in users sends a visitor to the error page', async ({ page }) => {
    await page.goto('/inhalt/therapeuten-hinweise');
    await expect(page).toHaveURL(/\/error\/40[13]/);
    await expect(page.getByRole('main')).toContainText('Fehlende Berechtigung');
  });

  test('the cookie notice links the privacy page and stays dismissed', async ({ page }) => {
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Cookie-Hinweis' });
    await expect(notice.getByRole('link')).toHaveAttribute('href', '/datenschutz');
    await notice.getByRole('button', { name: 'Verstanden' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test('the start page has no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Über uns' })).toBeVisible();
    await settled(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the menu sits behind a burger button', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Über uns' })).toBeHidden();
    await banner.getByRole('button', { name: 'Menü öffnen' }).click();
    const drawer = page.getByRole('navigation', { name: 'Hauptmenü' });
    await drawer.getByRole('button', { name: 'Über uns' }).click();
    await drawer.getByRole('link', { name: 'Häufige Fragen' }).click();
    await expect(page).toHaveURL('/faq');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Häufige Fragen');
  });
});

test.describe('role menus of spec 1, section 6', () => {
  test('an operator with every privilege sees the twelve Betreiber entries of the spec and the access log', async ({
    page,
  }) => {
    await login(page, 'betreiber@demo.de', { via: 'api' });
    await page.getByRole('banner').getByRole('button', { name: 'Betreiber', exact: true }).click();
    const entries = page.getByRole('menuitem');
    await expect(entries).toHaveText([
      'Dateien hochladen',
      'Fragebogen editieren',
      'Navigation editieren',
      'Termine editieren',
      'Benutzer verwalten',
      'Rezepte verwalten',
      'Übungen verwalten',
      'Anwendung verwalten',
      'Abopakete verwalten',
      'Firmen verwalten',
      'Videos verwalten',
      'Statistik herunterladen',
      'Zugriffsprotokoll',
    ]);
    await page.getByRole('menuitem', { name: 'Navigation editieren' }).click();
    await expect(page).toHaveURL('/navigation');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Navigation editieren');
  });

  test('a therapist sees the entries its privileges allow', async ({ page }) => {
    await login(page, 'therapeut@demo.de', { via: 'api' });
    await page.getByRole('banner').getByRole('button', { name: 'Therapeut', exact: true }).click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Profil',
      'Termine',
      'Videos',
      'Übungen verwalten',
      'Vorlagen verwalten',
    ]);
  });

  test('a therapist without privileges sees only Profil, Termine and Videos', async ({ page }) => {
    await login(page, 'therapeut2@demo.de', { via: 'api' });
    await page.getByRole('banner').getByRole('button', { name: 'Therapeut', exact: true }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Profil', 'Termine', 'Videos']);
  });

  test('a patient sees the Cockpit button and no role menu', async ({ page }) => {
    await login(page, 'patient@demo.de', { via: 'api' });
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Cockpit' })).toHaveAttribute('href', '/cockpit');
    await expect(banner.getByRole('button', { name: 'Betreiber', exact: true })).toHaveCount(0);
    await expect(banner.getByRole('button', { name: 'Therapeut', exact: true })).toHaveCount(0);
  });
});

test('app mode hides header and footer and logs in with the bearer from the path', async ({ page, request }) => {
  const response = await request.post(apiUrl(authEndpoints.anmelden), {
    data: { email: 'patient@demo.de', password: DEMO_PASSWORD, secondFactorCode: '' },
  });
  const { token } = (await response.json()) as { token: string };
  await page.goto(`/video/therapie/app/patient/1/${token}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Videositzung');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});
