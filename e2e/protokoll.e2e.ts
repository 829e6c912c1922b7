import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { privilegeCode } from '@dihs/contract/common/roles';
import { createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { scaled } from './support/slowness.ts';

/** A fresh account with a profile name. */
async function person(role: 'BETREIBER' | 'PATIENT', name: [string, string], privileges: number[] = []) {
  const email = await createAccount(role, privileges);
  const { rows } = await sql('select id from benutzer where email = $1', [email]);
  const id = rows[0].id as number;
  await sql('insert into profil (user_id, vorname, nachname) values ($1, $2, $3)', [id, name[0], name[1]]);
  return { email, id };
}

async function expectNoSeriousViolations(page: Page) {
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('an operator reads who accessed a patient, and the patient sees it on the profile', async ({
  page,
  browser,
  baseURL,
}) => {
  // two people in two browser contexts, each with a first load of the app and an axe scan
  test.setTimeout(scaled(60_000));
  const patient = await person('PATIENT', ['Petra', 'Protokoll']);
  const operator = await person(
    'BETREIBER',
    ['Olga', 'Oberaufsicht'],
    [privilegeCode('BENUTZER_VERWALTEN'), privilegeCode('ZUGRIFFSPROTOKOLL_LESEN')],
  );

  // the operator opens the patient's profile: a read of the patient's records, written to the log
  await login(page, operator.email, { via: 'api', to: `/profil/${patient.id}` });
  // the first page of a fresh context loads the app's chunks: allow for a busy machine
  await expect(page.getByRole('heading', { name: 'Petra Protokoll' })).toBeVisible({ timeout: scaled(15_000) });

  await page.getByRole('banner').getByRole('button', { name: 'Betreiber' }).click();
  await page.getByRole('menuitem', { name: 'Zugriffsprotokoll' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zugriffsprotokoll' })).toBeVisible();
  const filter = page.getByRole('search', { name: 'Protokollfilter' });
  await filter.getByRole('textbox', { name: 'Patient' }).fill(patient.email);
  await filter.getByRole('button', { name: 'Filtern' }).click();
  // the profile page reads several kinds (profile, consents, credit, …): one row each
  const row = page
    .getByRole('table', { name: 'Zugriffsprotokoll' })
    .getByRole('row')
    .filter({ hasText: 'Olga Oberaufsicht' })
    .filter({ hasText: 'Dokumentation' })
    .first();
  await expect(row).toContainText('Petra Protokoll');
  await expect(row).toContainText('Gelesen');
  await expect(row).toContainText('Erlaubt');
  await expectNoSeriousViolations(page);

  // the patient, in a browser of their own
  const context = await browser.newContext({ baseURL });
  const patientPage = await context.newPage();
  await login(patientPage, patient.email, { via: 'api', to: '/profil' });
  const section = patientPage.getByRole('region', { name: 'Zugriffe auf Ihre Daten' });
  await expect(section.getByText('Hier sehen Sie, wer aus dem Praxisteam wann auf welche Ihrer Daten')).toBeVisible();
  const access = section
    .getByRole('row')
    .filter({ hasText: 'Olga Oberaufsicht' })
    .filter({ hasText: 'Dokumentation' })
    .first();
  await expect(access).toContainText('Betreiber');
  await expect(access).toContainText('Gelesen');
  await expectNoSeriousViolations(patientPage);
  await context.close();
});
