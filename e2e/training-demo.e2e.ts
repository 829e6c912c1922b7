import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { baseUrl, expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { scaled } from './support/slowness.ts';

// The embedded demo shows the whole product (issue 29 item 4). Both tests only read: the demo accounts are shared
// by every worker, so nothing here ticks an exercise or books a subscription.

/** The first paint of a page loads the app and the page's chunks: slow on a loaded machine. */
const APP_LOAD = { timeout: scaled(15_000) };

async function expectAccessible(page: Page) {
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('patient@demo.de sees the plan of therapeut@demo.de, who sees two weeks of adherence', async ({
  page,
  browser,
}) => {
  // two people, two app loads
  test.setTimeout(scaled(60_000));
  await login(page, 'patient@demo.de', { via: 'api', to: '/patient/trainingsplan' });
  await expect(page.getByRole('heading', { level: 1, name: 'IHR TRAININGSPLAN PAULA PATIENTIN' })).toBeVisible(
    APP_LOAD,
  );
  const karten = page.getByRole('main').getByRole('listitem');
  await expect(karten).toHaveCount(3);
  for (const titel of [
    'Katzenbuckel im Vierfüßlerstand',
    'Beckenheben in Rückenlage',
    'Dehnung der Oberschenkelrückseite',
  ]) {
    await expect(karten.filter({ hasText: titel }).getByRole('heading', { name: titel })).toBeVisible();
  }
  await expect(
    karten
      .filter({ hasText: 'Katzenbuckel im Vierfüßlerstand' })
      .getByText('Dauer 60 s · Anzahl 10 · Sätze 3 · Pause 30 s'),
  ).toBeVisible();
  // today is left for the visitor to tick
  await expect(page.getByRole('checkbox', { name: 'Heute erledigt' })).toHaveCount(3);
  await expect(page.getByRole('main').getByText(/Abonnement/)).toHaveCount(0);

  const { rows } = await sql(`select id from benutzer where email = 'patient@demo.de'`);
  const therapist = await browser.newContext({ baseURL: baseUrl() });
  const therapistPage = await therapist.newPage();
  await login(therapistPage, 'therapeut@demo.de', { via: 'api', to: `/therapeut/trainingsplan/${rows[0].id}` });
  await expect(therapistPage.getByRole('heading', { level: 1, name: 'Trainingsplan von Paula Patientin' })).toBeVisible(
    APP_LOAD,
  );
  await expect(therapistPage.getByText(/^Trainingstreue \(14 Tage\): [1-9]\d* %$/)).toBeVisible();
  const eintrag = therapistPage.getByTestId('plan-karte').filter({ hasText: 'Katzenbuckel im Vierfüßlerstand' });
  await expect(
    eintrag.getByText(/^In den letzten 14 Tagen an \d+ Tagen erledigt · Schmerz \(0–10\): \d/),
  ).toBeVisible();
  await expect(therapistPage.getByText('Paula Patientin besitzt kein Abonnement')).toHaveCount(0);
  await therapist.close();
});

test('patient2@demo.de, without a subscription, is told so in person and led to the subscription shop', async ({
  page,
}) => {
  await login(page, 'patient2@demo.de', { via: 'api', to: '/patient/trainingsplan' });
  await expect(page.getByRole('heading', { level: 1, name: 'IHR TRAININGSPLAN PETER ZWEITPATIENT' })).toBeVisible(
    APP_LOAD,
  );
  await expect(
    page.getByText(
      'Sie haben derzeit kein laufendes Abonnement. Mit einem Abonnement sehen Sie hier Ihren Trainingsplan und können Ihre Übungen als erledigt markieren.',
    ),
  ).toBeVisible();
  // the spec's third-person sentence is the therapist's, not the patient's
  await expect(page.getByRole('main').getByText(/besitzt kein Abonnement/)).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Abo auswählen' }).click();
  await expect(page).toHaveURL('/patient/abo');
  await expect(page.getByRole('heading', { level: 1, name: 'IHR ABO' })).toBeVisible(APP_LOAD);
});
