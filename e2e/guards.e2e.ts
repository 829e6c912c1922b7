import { checkGuard, fillPath, ROUTES, type AppRoute, type GuardSession } from '@dihs/contract/common/routes';
import { PRIVILEGES_BY_ROLE, privilegeCode } from '@dihs/contract/common/roles';
import type { Page } from '@playwright/test';
import { createAccount, expect, login, test } from './support/fixtures.ts';
import { scaled } from './support/slowness.ts';

/** Every guarded route with its parameters filled; the app-mode route logs in by itself and is tested apart. */
const guardedRoutes = (Object.values(ROUTES) as AppRoute[])
  .filter((route) => route.guard.login && !route.path.includes('/app/'))
  .map((route) => ({
    route,
    path: fillPath(route.path, {
      userId: 1,
      patientId: 1,
      patient: 1,
      conferenceId: 1,
      target: 1,
      therapeut: 1,
      id: 1,
    }),
  }));

const headingOf = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/**
 * Visits every guarded route this viewer may not open and checks the spec 1 section 2.2 redirect. The routes a viewer
 * may open are walked by route-walk.e2e.ts, which checks more of them (the address stays, a real screen, axe).
 */
async function walkRoutes(page: Page, session: GuardSession | null) {
  for (const { route, path } of guardedRoutes) {
    const outcome = checkGuard(route.guard, session);
    if (!('redirect' in outcome)) continue;
    await page.goto(path);
    await expect.soft(page, `${path} leitet um`).toHaveURL(outcome.redirect);
    // the target is a real screen, not a blank page
    await expect.soft(headingOf(page), `${path} zeigt das Ziel`).toBeVisible();
  }
}

test.describe('guards of spec 1, section 2.2', () => {
  test.describe.configure({ timeout: scaled(120_000) });

  test('a visitor is sent to / from every login route', async ({ page }) => {
    await walkRoutes(page, null);
  });

  test('a patient is sent to /cockpit from routes of other roles', async ({ page }) => {
    await login(page, 'patient2@demo.de', { via: 'api' });
    await walkRoutes(page, { role: 'PATIENT', privileges: [] });
  });

  test('a therapist without privileges is sent to /therapeut/termine (templates: /)', async ({ page }) => {
    await login(page, 'therapeut2@demo.de', { via: 'api' });
    await walkRoutes(page, { role: 'THERAPEUT', privileges: [] });
  });

  test('an operator without privileges is sent to / from privileged routes', async ({ page }) => {
    const email = await createAccount('BETREIBER');
    await login(page, email, { via: 'api' });
    await walkRoutes(page, { role: 'BETREIBER', privileges: [] });
  });

  test('an operator with every privilege is sent to / from the routes of other roles', async ({ page }) => {
    await login(page, 'betreiber@demo.de', { via: 'api' });
    await walkRoutes(page, { role: 'BETREIBER', privileges: PRIVILEGES_BY_ROLE.BETREIBER.map(privilegeCode) });
  });
});

test('an unknown path goes to /error/404 with "Seite nicht gefunden"', async ({ page }) => {
  await page.goto('/gibt/es/nicht');
  await expect(page).toHaveURL('/error/404');
  await expect(headingOf(page)).toHaveText('Seite nicht gefunden');
});

test.describe('error page texts of spec 3, section 8', () => {
  for (const [id, text] of [
    ['403', 'Fehlende Berechtigung'],
    ['401', 'Fehlende Berechtigung'],
    ['400', 'Fehler bei der Anfrage'],
    ['500', 'Serverfehler'],
    ['418', 'Allgemeiner Fehler'],
  ] as const) {
    test(`/error/${id} shows ${text}`, async ({ page }) => {
      await page.goto(`/error/${id}`);
      await expect(headingOf(page)).toHaveText(text);
    });
  }
});
