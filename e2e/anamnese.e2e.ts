import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { scaled } from './support/slowness.ts';

async function expectNoSeriousViolation(page: Page) {
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

/** The summary's section headings follow the page's h1 without skipping a level (axe's moderate heading-order). */
async function expectHeadingOrder(page: Page) {
  await settled(page);
  const axe = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
}

test('a patient fills the anamnesis, sets three pain points with the keyboard, signs it and sees it read-only', async ({
  page,
}) => {
  test.setTimeout(scaled(45_000));
  const email = await createAccount('PATIENT');
  const { rows } = await sql('select id from benutzer where email = $1', [email]);
  await sql('insert into profil (user_id, vorname, nachname) values ($1, $2, $3)', [rows[0].id, 'Anton', 'Anamnese']);
  await login(page, email, { via: 'api', to: '/anamnese' });
  await expect(page.getByRole('heading', { level: 1, name: 'Anamnesebogen' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Anamnesebogen ausfüllen' });

  await form.getByLabel('Größe (cm)').fill('251');
  await form.getByLabel('Größe (cm)').blur();
  await expect(form.getByText('Bitte einen Wert von 1 bis 250 eingeben.')).toBeVisible();
  await form.getByLabel('Größe (cm)').fill('182');
  await form.getByLabel('Gewicht (kg)').fill('80');
  await form.getByLabel('Computerzeit (Stunden pro Tag)').fill('25');
  await form.getByLabel('Computerzeit (Stunden pro Tag)').blur();
  await expect(form.getByText('Der Wert muss kleiner 25 sein.')).toBeVisible();
  await form.getByLabel('Computerzeit (Stunden pro Tag)').fill('6');
  await form.getByRole('textbox', { name: 'Erkrankungen', exact: true }).fill('Keine');
  await form.getByRole('textbox', { name: 'Medikamente', exact: true }).fill('Keine');
  await form.getByRole('textbox', { name: 'Schmerzmedikamente', exact: true }).fill('Ibuprofen bei Bedarf');
  await form.getByRole('textbox', { name: 'Allergien', exact: true }).fill('Keine');
  const belastung = form.getByRole('slider', { name: /Psychische Belastung/ });
  await belastung.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByText('Psychische Belastung: 3/10')).toBeVisible();
  await form
    .getByRole('radiogroup', { name: 'Haben Sie Schmerzen?', exact: true })
    .getByRole('radio', { name: 'Ja', exact: true })
    .check();

  // the body image by keyboard: set at the marker, move, set again; then on the back
  const vorne = form.getByRole('application', { name: /Körperbild Vorderseite/ });
  await vorne.focus();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toHaveText('Schmerzpunkt 1 gesetzt: Vorderseite: Brustkorb');
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('status')).toHaveText('Markierung: Bauch');
  await page.keyboard.press(' ');
  const hinten = form.getByRole('application', { name: /Körperbild Rückseite/ });
  await hinten.focus();
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toHaveText(
    'Schmerzpunkt 3 gesetzt: Rückseite: Lendenwirbelsäule und unterer Rücken',
  );
  const punkte = form.getByRole('list', { name: 'Gesetzte Schmerzpunkte' }).getByRole('listitem');
  await expect(punkte).toHaveText([
    'Vorderseite: Brustkorb',
    'Vorderseite: Bauch',
    'Rückseite: Lendenwirbelsäule und unterer Rücken',
  ]);

  const fertig = form.getByRole('button', { name: 'fertigstellen' });
  await expect(fertig).toBeDisabled();
  await form.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  await expect(fertig).toBeEnabled();
  await expectNoSeriousViolation(page);
  await fertig.click();

  await expect(
    page.getByText(/^Unterschrieben am .* Der Anamnesebogen kann nicht mehr geändert werden\.$/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Anamnesebogen ausfüllen' })).toHaveCount(0);
  await expect(page.getByText('3/10')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Körperbild Vorderseite mit 2 Schmerzpunkten' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Krankengeschichte' })).toBeVisible();
  await expectHeadingOrder(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF herunterladen' }).click();
  expect((await download).suggestedFilename()).toBe('anamnesebogen.pdf');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Körperbild Rückseite mit 1 Schmerzpunkten' })).toBeVisible();
});

test('a therapist with the patient in care sees the signed anamnesis read-only, with the body image', async ({
  page,
}) => {
  // patient@demo.de booked (and attended) an appointment with therapeut@demo.de in the demo world
  const { rows } = await sql(`select id from benutzer where email = 'patient@demo.de'`);
  const patientId = rows[0].id as number;
  await login(page, 'therapeut@demo.de', { via: 'api', to: `/profil/${patientId}` });
  await page.getByRole('navigation', { name: 'Patientenakte' }).getByRole('link', { name: 'Anamnesebogen' }).click();
  await expect(page).toHaveURL(`/anamnese/${patientId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Anamnesebogen' })).toBeVisible();
  await expect(page.getByText(/^Unterschrieben am/)).toBeVisible();
  await expect(page.getByText('Bürokaufmann')).toBeVisible();
  await expect(page.getByText('7/10')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Körperbild Rückseite mit 2 Schmerzpunkten' })).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Anamnesebogen löschen' })).toHaveCount(0);
  await expectNoSeriousViolation(page);
  await expectHeadingOrder(page);
});
