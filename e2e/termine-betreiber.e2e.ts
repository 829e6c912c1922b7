import { privilegeCode } from '@dihs/contract/common/roles';
import { berlinDay, formatDayDe } from '@dihs/contract/common/time';
import { terminEndpoints } from '@dihs/contract/termin';
import type { Page } from '@playwright/test';
import { createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
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
  // Each typed date asks for the list again, and until the answer for this day is there the list shows an earlier
  // one. A click planned on the earlier layout can land on another row when the answer re-lays the rows out (a click
  // on a status button was lost under load this way): wait for the day's own answer, then for the list to show it.
  const dayAnswered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname.endsWith(terminEndpoints.betreiberAlle.path) &&
      url.searchParams.get('von') === day &&
      url.searchParams.get('bis') === day
    );
  });
  await typeInPicker(page.getByRole('group', { name: 'Von' }), german(day));
  await typeInPicker(page.getByRole('group', { name: 'Bis' }), german(day));
  await dayAnswered;
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
  await page.getByRole('option', { name: 'Video-Gruppentermin' }).click();
  await expect(dialog.getByLabel('Jeder sieht jeden in diesem Termin')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Terminart' }).click();
  await page.getByRole('option', { name: 'Video-Einzeltermin' }).click();
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
  const row = table.getByRole('row', {
    name: new RegExp(`Rückenschmerzen ${german(day)} ${time} Uhr Video-Einzeltermin`),
  });
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
  await page.getByLabel('Video-Einzeltermin').uncheck();
  await expect(table.getByRole('row', { name: new RegExp(`${german(day)} ${time}`) })).toHaveCount(0);
  for (const label of ['Telefontermin', 'Video-Gruppentermin', 'Befundtermin', 'Anamnesetermin']) {
    await page.getByLabel(label).click();
  }
  await expect(page.getByLabel('Anamnesetermin')).toBeChecked();
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(page.getByLabel('Video-Einzeltermin')).toBeChecked();
  await expect(pickerInput(page.getByRole('group', { name: 'Von' }))).toHaveValue('');
});

/** Opens the list on the appointment's day and expands its row; returns the row's details region. */
async function expandOnDay(page: Page, befund: string, day: string) {
  await showDay(page, day);
  await page
    .getByRole('row', { name: new RegExp(befund) })
    .getByRole('button', { name: /Details anzeigen/ })
    .click();
  // the details open with a height transition: a click on one of their buttons while it runs focused the button
  // (mouse down) but lost the click (the button had moved by mouse up), so no dialog opened
  await settled(page);
  return page.getByRole('region', { name: `Termin ${befund}` });
}

test('an operator cancels an active appointment after confirming it', async ({ page }) => {
  const future = `E2E Absage ${process.pid % 1000}-${Date.now() % 100000}`;
  await insertTermin(future, `now() + interval '3 days'`, 'AKTIV');
  await openAsEditor(page);

  const region = await expandOnDay(page, future, dayFromToday(3));
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
});

test('cancelling a past appointment is refused with the spec dialog', async ({ page }) => {
  const past = `E2E Vergangen ${process.pid % 1000}-${Date.now() % 100000}`;
  await insertTermin(past, `now() - interval '2 days'`, 'AKTIV');
  await openAsEditor(page);

  const region = await expandOnDay(page, past, dayFromToday(-2));
  await region.getByRole('button', { name: `Termin Absagen: ${past}` }).click();
  await page.getByRole('dialog', { name: 'Termin absagen?' }).getByRole('button', { name: 'Termin absagen' }).click();
  const refusal = page.getByRole('dialog', { name: 'Termin kann nicht abgesagt werden' });
  await expect(refusal).toContainText('Der ausgewählte Termin liegt in der Vergangenheit');
  await refusal.getByRole('button', { name: 'OK' }).click();
  await expect(region).toContainText('Status: Aktiv');
});
