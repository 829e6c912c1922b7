import { readFileSync } from 'node:fs';
import { privilegeCode } from '@dihs/contract/common/roles';
import { createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { scaled } from './support/slowness.ts';

/** A fresh patient with a profile (createAccount makes none): its own balance, untouched by other tests. */
async function patient(vorname: string, nachname: string): Promise<{ email: string; id: number }> {
  const email = await createAccount('PATIENT');
  const { rows } = await sql('select id from benutzer where email = $1', [email]);
  const id = rows[0].id as number;
  await sql('insert into profil (user_id, vorname, nachname) values ($1, $2, $3)', [id, vorname, nachname]);
  return { email, id };
}

test('a patient buys a credit package through the sandbox checkout and sees the balance and the PDF', async ({
  page,
}) => {
  const { email } = await patient('Karla', 'Kauf');
  await login(page, email, { via: 'api', to: '/patient/guthaben' });
  await expect(page.getByRole('heading', { level: 1, name: 'LEISTUNGEN' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Starter' });
  await expect(card.getByText('3 × Video-Einzeltermin (20 Min.)')).toBeVisible();
  await expect(card.getByText('2 × Video-Gruppentermin (30 Min.)')).toBeVisible();
  await expect(card.getByText('1 × Anamnesetermin (40 Min.)')).toBeVisible();
  await expect(card.getByText('49,00 €')).toBeVisible();
  await expect(card.getByText('inkl. MwSt')).toBeVisible();

  await card.getByRole('button', { name: 'Guthaben aufladen: Starter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Weiter zum Bezahlvorgang für das Guthabenpaket:' });
  await expect(dialog).toContainText('Starter');
  await dialog.getByRole('button', { name: 'Jetzt Kaufen' }).click();

  // the provider's page (the built-in sandbox), outside the app
  await expect(page.getByRole('heading', { name: 'Testzahlung' })).toBeVisible();
  await expect(page.getByText('Guthabenpaket Starter')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fehlschlag simulieren' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  await page.getByRole('button', { name: 'Bezahlen' }).click();

  await expect(page).toHaveURL(/\/guthaben\/\d+$/);
  await expect(page.getByRole('heading', { name: 'IHRE BUCHUNG VOM TYP: Starter' })).toBeVisible();
  // the credit arrives with the provider's webhook, shortly after the return
  await expect(page.getByText('Zahlung erfolgreich!')).toBeVisible({ timeout: scaled(15_000) });
  await expect(page.getByText(/^SBX-/)).toBeVisible();
  await expect(page.getByText('Video-Einzeltermin: 3')).toBeVisible();
  await expect(page.getByText('Video-Gruppentermin: 2')).toBeVisible();
  await expect(page.getByText('Anamnesetermin: 1')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Buchungsbestätigung (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^guthabenbestaetigung-\d+\.pdf$/);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  await expect(page.getByRole('link', { name: 'Jetzt Sitzung Buchen' })).toHaveAttribute('href', '/patient/termine');
  await page.getByRole('link', { name: 'Zurück zum Shop' }).click();
  await expect(page).toHaveURL(/\/patient\/guthaben$/);

  // the payment redirect page shows the same payment
  await page.goto('/payment/redirect');
  await expect(page.getByRole('heading', { name: 'Ihr letzter Bezahlvorgang' })).toBeVisible();
  await expect(page.getByText('Zahlung erfolgreich!')).toBeVisible();
  await expect(page.getByText('49,00 € inkl. MwSt')).toBeVisible();

  // and the own profile lists the purchase in the history
  await page.goto('/profil');
  await page.getByRole('button', { name: /Guthabenverlauf/ }).click();
  await expect(page.getByRole('table', { name: 'Guthabenverlauf' }).getByText('Kauf: Starter').first()).toBeVisible();
});

test('a cancelled checkout grants nothing', async ({ page }) => {
  const { email } = await patient('Carl', 'Cancel');
  await login(page, email, { via: 'api', to: '/patient/guthaben' });
  await page.getByRole('button', { name: 'Guthaben aufladen: Einzeltermin' }).click();
  await page.getByRole('button', { name: 'Jetzt Kaufen' }).click();
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page.getByRole('heading', { name: 'IHRE BUCHUNG VOM TYP: Einzeltermin' })).toBeVisible();
  await expect(page.getByText('Zahlung Abgebrochen...')).toBeVisible({ timeout: scaled(15_000) });
  await expect(page.getByText('Video-Einzeltermin: 0')).toBeVisible();
});

test('an operator with GUTHABEN_AENDERN edits a balance on the patient profile', async ({ page }) => {
  const target = await patient('Greta', 'Guthaben');
  const operator = await createAccount('BETREIBER', [privilegeCode('GUTHABEN_AENDERN')]);
  await login(page, operator, { via: 'api', to: `/profil/${target.id}` });
  const section = page.getByRole('region', { name: 'Guthaben' });
  await expect(section.getByText('Video-Einzeltermin: 0').first()).toBeVisible();
  await section.getByRole('button', { name: 'Guthaben bearbeiten' }).click();

  const field = section.getByLabel('Einzeltermine (bezahlt)');
  await field.fill('-1');
  await expect(section.getByText('Bitte eine ganze Zahl ab 0 eingeben.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await field.fill('5');
  await section.getByLabel('Befundtermine (Rezept)').fill('2');
  await section.getByRole('button', { name: 'Speichern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Änderungen Speichern?' });
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole('alert')
      .getByText('„Guthaben“ wurde gespeichert: Einzeltermine (bezahlt) 0 → 5, Befundtermine (Rezept) 0 → 2.'),
  ).toBeVisible();

  await expect(section.getByText('Video-Einzeltermin: 5')).toBeVisible();
  await expect(section.getByText('Befundtermin: 2')).toBeVisible();
  await expect(section.getByText('Guthabenverlauf (2)')).toBeVisible();
  const { rows } = await sql(
    "select kind, delta from guthaben_buchung where patient_user_id = $1 and reason = 'Änderung durch den Betreiber' order by kind",
    [target.id],
  );
  expect(rows).toEqual([
    { kind: 'bezahltEinzelTermin', delta: 5 },
    { kind: 'rezeptBefundTermin', delta: 2 },
  ]);
});

test('an operator without GUTHABEN_AENDERN only sees the balances', async ({ page }) => {
  const target = await patient('Lena', 'Lesen');
  const operator = await createAccount('BETREIBER', [privilegeCode('BENUTZER_VERWALTEN')]);
  await login(page, operator, { via: 'api', to: `/profil/${target.id}` });
  const section = page.getByRole('region', { name: 'Guthaben' });
  await expect(section.getByText(/Berechtigung „Guthaben ändern“/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Guthaben bearbeiten' })).toHaveCount(0);
});
