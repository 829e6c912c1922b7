import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { authEndpoints } from '@dihs/contract/auth';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { rezeptEndpoints } from '@dihs/contract/rezept';
import { createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';

/** A fresh patient with a name, so the page's title and the lists are its own. */
async function patient(vorname: string, nachname: string): Promise<{ email: string; id: number }> {
  const email = await createAccount('PATIENT');
  const { rows } = await sql('select id from benutzer where email = $1', [email]);
  const id = rows[0].id as number;
  await sql('insert into profil (user_id, vorname, nachname) values ($1, $2, $3)', [id, vorname, nachname]);
  return { email, id };
}

const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

async function expectNoSeriousViolation(page: Page) {
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('a patient uploads a prescription and sees it listed', async ({ page }) => {
  const { email } = await patient('Rita', 'Rezept');
  await login(page, email, { via: 'api', to: '/patient/rezepte' });
  await expect(page.getByRole('heading', { level: 1, name: 'E-AKTE VON Rita Rezept' })).toBeVisible();
  await expect(page.getByText('höchstens 4 MB')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/kontakt');
  await expect(page.getByText('Sie haben noch keine Rezepte hochgeladen.')).toBeVisible();

  await page.locator('input[type=file]').setInputFiles({
    name: 'Verordnung.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('Verordnung'),
  });
  const hochladen = page.getByRole('button', { name: 'Hochladen' });
  await expect(hochladen).toBeDisabled();
  await page.getByLabel('Anmerkung').fill('Krankengymnastik, 6 Einheiten');
  await hochladen.click();

  const list = page.getByRole('table', { name: 'Ihre Rezepte' });
  await expect(list.getByText('Verordnung.pdf')).toBeVisible();
  await expect(list.getByText(/^hochgeladen am \d{2}\.\d{2}\.\d{4} um \d{2}:\d{2} Uhr$/)).toBeVisible();
  await expect(list.getByText('Krankengymnastik, 6 Einheiten')).toBeVisible();
  await expect(list.getByText('Neu')).toBeVisible();
  const download = page.waitForEvent('download');
  await list.getByRole('button', { name: 'Verordnung.pdf herunterladen' }).click();
  expect((await download).suggestedFilename()).toBe('Verordnung.pdf');
  await expectNoSeriousViolation(page);
});

test('an operator filters, opens a prescription and bills it after the delayed confirm', async ({ page }) => {
  const { email, id } = await patient('Otto', 'Offen');
  // the patient's upload, through the API
  const anmeldung = await page.request.post(apiUrl(authEndpoints.anmelden), {
    data: { email, password: 'Demo#2026', secondFactorCode: '' },
  });
  const { token } = (await anmeldung.json()) as { token: string };
  const upload = await page.request.post(apiUrl(rezeptEndpoints.hochladen), {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      description: 'Manuelle Therapie',
      encrypt: 'true',
      file: { name: 'otto-offen.pdf', mimeType: 'application/pdf', buffer: pdf('Otto') },
    },
  });
  expect(upload.ok()).toBe(true);

  // a fake clock: the 3-second confirm runs without waiting 3 seconds
  await page.clock.install();
  await login(page, 'betreiber@demo.de', { via: 'api', to: '/betreiber/rezepte' });
  await expect(page.getByRole('heading', { level: 1, name: 'Alle hochgeladenen Rezepte' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Alle' })).toBeDisabled();
  // newest first: the upload of a moment ago is on the first page, however many the other tests made before
  await expect(page.getByRole('row').filter({ hasText: 'otto-offen.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Neue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alle neuen Rezepte' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'otto-offen.pdf' });
  await expect(row.getByText('Manuelle Therapie')).toBeVisible();
  await expectNoSeriousViolation(page);
  await row.getByRole('link', { name: 'Zum Patienten' }).click();

  await expect(page).toHaveURL(`/betreiber/rezepte/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'E-AKTE VON Otto Offen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gesamtübersicht' })).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'otto-offen.pdf' }).getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'otto-offen.pdf' });
  await expect(dialog.getByText('Noch kein Guthaben gebucht.')).toBeVisible();

  // arm, abort: nothing happens
  await dialog.getByRole('button', { name: 'Abrechnen' }).click();
  await expect(dialog.getByText('Das Rezept wird in 3 Sekunden abgerechnet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await page.clock.runFor(3500);
  await expect(dialog.getByText('Status: Neu', { exact: true })).toBeVisible();

  await dialog.getByRole('button', { name: 'Abrechnen' }).click();
  await page.clock.runFor(3000);
  await expect(dialog.getByText('Neuer Status: Abgerechnet')).toBeVisible();
  await expect(dialog.getByText('Status: Abgerechnet', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Abrechnen' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Schließen' }).click();

  await page.getByRole('link', { name: 'Gesamtübersicht' }).click();
  await page.getByRole('button', { name: 'Abgerechnet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alle abgerechneten Rezepte' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'otto-offen.pdf' })).toBeVisible();
});
