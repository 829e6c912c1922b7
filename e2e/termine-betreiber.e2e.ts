import { privilegeCode } from '@dihs/contract/common/roles';
import { berlinDay, formatDayDe } from '@dihs/contract/common/time';
import type { Page } from '@playwright/test';
import { createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { pickerInput, typeInPicker } from './support/pickers.ts';

/** A Berlin calendar day `days` from today as YYYY-MM-DD. */
const dayFromToday = (days: number): string => berlinDay(Date.now() + days * 86_400_000);
const german = formatDayDe;

async function openAsEditor(page: Page): Promise<void> {
  const operator = await createAccount('BETREIBER', [privilegeCode('TERMINE_EDITIEREN')]);
  await login(page, operator, { via: 'api', to: '/betreiber/termine' });
  await expect(page.getByRole('heading', { level: 1, name: 'Termine editieren' })).toBeVisible();
}

async function showDay(page: Page, day: string): Promise<void> {
  await typeInPicker(page.getByRole('group', { name: 'Von' }), german(day));
  await typeInPicker(page.getByRole('group', { name: 'Bis' }), german(day));
  // Each typed date asks for the list again. Wait until the list shows only that day, so that no later answer
  // re-lays the rows out under the next click (a click on a status button was lost twice under load).
  const dates = page.getByRole('table', { name: 'Termine' }).locator('tbody tr td:nth-child(2)');
  await expect.poll(async () => (await dates.allInnerTexts()).every((text) => text === german(day))).toBe(true);
}

/** An appointment of therapeut@demo.de inserted directly, with a befund no other test uses. */
async function insertTermin(befund: string, datumSql: string, status: 'PLANUNG' | 'AKTIV'): Promise<number> {
  const result = await sql(
    `insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer, status)
     select ${datumSql}, 30, 'GRUPPE', $1, 'E2E Gruppe', id, 5, $2 from benutzer where email = 'therapeut@demo.de'
     returning id`,
    [befund, status],
  );
  return (result.rows[0] as { id: number }).id;
}

test('an operator creates an appointment with the form rules, activates it and sees it in the list', async ({
  page,
}) => {
  await openAsEditor(page);
  // a day and minute of their own, so that the new row is the only one of its kind
  const day = dayFromToday(100 + (Date.now() % 200));
  const time = `0${5 + (process.pid % 4)}:${String(Date.now() % 60).padStart(2, '0')}`;

  await page.getByRole('button', { name: 'Termin hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Termin hinzufügen' });
  const save = dialog.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeDisabled();

  const details = dialog.getByLabel('Details');
  await details.fill('x');
  await details.fill('');
  await expect(dialog.getByText('Die Details dürfen nicht leer sein.')).toBeVisible();
  await details.fill('E2E Einzeltermin');

  await dialog.getByRole('combobox', { name: 'Befund' }).click();
  await page.getByRole('option', { name: 'Rückenschmerzen' }).click();

  // GRUPPE offers "Jeder sieht jeden"; EINZEL hides it and fixes the participants to 1
  await dialog.getByRole('combobox', { name: 'Terminart' }).click();
  await page.getByRole('option', { name: 'Video /Gruppe' }).click();
  await expect(dialog.getByLabel('Jeder sieht jeden in diesem Termin')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Terminart' }).click();
  await page.getByRole('option', { name: 'Video /Einzel' }).click();
  await expect(dialog.getByLabel('Jeder sieht jeden in diesem Termin')).toHaveCount(0);
  const max = dialog.getByLabel('Max. Teilnehmer (Pers.)');
  await expect(max).toBeDisabled();
  await expect(max).toHaveValue('1');

  await dialog.getByRole('combobox', { name: 'Therapeut' }).click();
  await page.getByRole('option', { name: 'Thomas Therapeut' }).click();
  await typeInPicker(dialog.getByRole('group', { name: /^Datum/ }), german(day));
  await typeInPicker(dialog.getByRole('group', { name: /^Uhrzeit/ }), time);
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Dauer (Min.)').fill('20');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(dialog).toBeHidden();

  await showDay(page, day);
  const table = page.getByRole('table', { name: 'Termine' });
  const row = table.getByRole('row', { name: new RegExp(`Rückenschmerzen ${german(day)} ${time} Uhr Video /Einzel`) });
  await expect(row).toContainText('Thomas Therapeut');
  await row.getByRole('button', { name: /Details anzeigen/ }).click();
  const details2 = page.getByRole('region', { name: 'Termin Rückenschmerzen' });
  await expect(details2).toContainText('Status: Planung');
  await expect(details2).toContainText('E2E Einzeltermin');
  await expect(details2.getByRole('link', { name: 'Thomas Therapeut' })).toHaveAttribute('href', /^\/profil\/\d+$/);

  await details2.getByRole('button', { name: 'Termin Aktivieren: Rückenschmerzen' }).click();
  await expect(details2).toContainText('Status: Aktiv');
  await expect(details2.getByRole('button', { name: 'Termin Absagen: Rückenschmerzen' })).toBeVisible();

  // the type filter: without Einzeltermin the row is gone; the last type cannot be switched off; reset brings all back
  await page.getByLabel('Einzeltermin').uncheck();
  await expect(table.getByRole('row', { name: new RegExp(`${german(day)} ${time}`) })).toHaveCount(0);
  for (const label of ['Telefontermin', 'Gruppentermin', 'Befundtermin', 'Anamnesetermin']) {
    await page.getByLabel(label).click();
  }
  await expect(page.getByLabel('Anamnesetermin')).toBeChecked();
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(page.getByLabel('Einzeltermin')).toBeChecked();
  await expect(pickerInput(page.getByRole('group', { name: 'Von' }))).toHaveValue('');
});

test('an operator cancels an active appointment; a past one is refused with the spec dialog', async ({ page }) => {
  const suffix = `${process.pid % 1000}-${Date.now() % 100000}`;
  const future = `E2E Absage ${suffix}`;
  const past = `E2E Vergangen ${suffix}`;
  await insertTermin(future, `now() + interval '3 days'`, 'AKTIV');
  await insertTermin(past, `now() - interval '2 days'`, 'AKTIV');
  await openAsEditor(page);

  await showDay(page, dayFromToday(3));
  await page
    .getByRole('row', { name: new RegExp(future) })
    .getByRole('button', { name: /Details anzeigen/ })
    .click();
  const region = page.getByRole('region', { name: `Termin ${future}` });
  await region.getByRole('button', { name: `Termin Absagen: ${future}` }).click();
  // cancelling refunds and mails everyone: it asks first, and "Nicht absagen" (the focused button) changes nothing
  const confirm = page.getByRole('dialog', { name: 'Termin absagen?' });
  await expect(confirm).toContainText('per E-Mail benachrichtigt');
  await expect(confirm.getByRole('button', { name: 'Nicht absagen' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(region).toContainText('Status: Aktiv');
  await region.getByRole('button', { name: `Termin Absagen: ${future}` }).click();
  await confirm.getByRole('button', { name: 'Termin absagen' }).click();
  await expect(region).toContainText('Status: Abgesagt');
  await expect(region.getByRole('button', { name: 'Abgesagt' })).toBeDisabled();

  await showDay(page, dayFromToday(-2));
  await page
    .getByRole('row', { name: new RegExp(past) })
    .getByRole('button', { name: /Details anzeigen/ })
    .click();
  const pastRegion = page.getByRole('region', { name: `Termin ${past}` });
  await pastRegion.getByRole('button', { name: `Termin Absagen: ${past}` }).click();
  await page.getByRole('dialog', { name: 'Termin absagen?' }).getByRole('button', { name: 'Termin absagen' }).click();
  const refusal = page.getByRole('dialog', { name: 'Termin kann nicht abgesagt werden' });
  await expect(refusal).toContainText('Der ausgewählte Termin liegt in der Vergangenheit');
  await refusal.getByRole('button', { name: 'OK' }).click();
  await expect(pastRegion).toContainText('Status: Aktiv');
});
