import AxeBuilder from '@axe-core/playwright';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { MESSAGES } from '@dihs/contract/common/messages';
import { privilegeCode } from '@dihs/contract/common/roles';
import { berlinDay, formatDayDe } from '@dihs/contract/common/time';
import { authEndpoints } from '@dihs/contract/auth';
import type { Page } from '@playwright/test';
import { createAccount, DEMO_PASSWORD, expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { scaled } from './support/slowness.ts';
import { typeInPicker } from './support/pickers.ts';
import { bookIntoCare, newPatient, uniqueBefund } from './support/termin-helpers.ts';

// Issue 32 items 1, 2, 4 and 5 as the operator and the therapist see them.

// each test opens two screens and scans both
test.beforeEach(() => test.setTimeout(scaled(60_000)));

async function expectNoSeriousViolations(page: Page): Promise<void> {
  await settled(page);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

const idOf = async (email: string): Promise<number> =>
  ((await sql('select id from benutzer where email = $1', [email])).rows[0] as { id: number }).id;

test('an operator locks a patient on the profile: the list says Gesperrt, the locked tab lists and unlocks them', async ({
  page,
}) => {
  const nachname = `Sperrling${process.pid % 1000}${Date.now() % 100000}`;
  const patient = await newPatient('Susi', nachname);
  await sql(`update benutzer set firma_id = (select id from firma where bezeichner = 'Demo GmbH') where id = $1`, [
    patient.id,
  ]);
  const operator = await createAccount('BETREIBER', [privilegeCode('BENUTZER_VERWALTEN')]);
  await login(page, operator, { via: 'api', to: `/profil/${patient.id}` });
  await expect(page.getByRole('heading', { level: 1, name: `Susi ${nachname}` })).toBeVisible();

  // the patient-record bar names what each link opens, in visible words (item 4); "Termine für Patient" needs
  // PATIENT_TERMINE_BUCHEN, which this operator lacks
  const bar = page.getByRole('navigation', { name: 'Patientenakte' });
  await expect(bar.getByRole('link')).toHaveText(['Anamnesebogen', 'Befundfragebögen', 'Trainingsplan', 'Rezepte']);

  // switched to Gesperrt on the profile; the save closes its dialog and says so (item 2)
  await page.getByRole('button', { name: 'Berechtigungen und Status bearbeiten' }).click();
  await page.getByRole('switch', { name: 'Aktiv' }).click();
  await page.getByRole('button', { name: 'Berechtigungen und Status speichern' }).click();
  await page.getByRole('dialog', { name: 'Änderungen Speichern?' }).getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('alert')).toHaveText('„Berechtigungen und Status“ wurde gespeichert.');
  await expect(page.getByText('Status: Gesperrt')).toBeVisible();
  await expectNoSeriousViolations(page);

  // the login says why and whom to ask (item 1)
  const refused = await page.request.post(apiUrl(authEndpoints.anmelden), {
    data: { email: patient.email, password: DEMO_PASSWORD, secondFactorCode: '' },
  });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.loginInaktiv);

  // the list shows name, e-mail, company and status, and finds the patient by any of them (item 5)
  await page.goto('/betreiber/benutzer/liste?tab=patienten');
  const table = page.getByRole('table', { name: 'Patienten' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Name',
    'E-Mail',
    'Firma',
    'Berechtigungen',
    'Status',
    'Profil',
  ]);
  const search = page.getByRole('searchbox', { name: 'Suchen (Name, E-Mail, Firma, Status)' });
  await search.fill(`susi ${nachname.toLowerCase()}`);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('cell')).toHaveText([
    `Susi ${nachname}`,
    patient.email,
    'Demo GmbH',
    '',
    'Gesperrt',
    'Profil',
  ]);
  await search.fill(`demo gmbh gesperrt ${nachname}`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectNoSeriousViolations(page);

  // one meaning: the locked tab lists the patient the profile locked, and unlocking there makes them Aktiv
  await page.getByRole('tab', { name: 'Gesperrte Benutzer' }).click();
  await page.getByRole('checkbox', { name: patient.email }).check();
  await page.getByRole('button', { name: 'Ausgewählte Sperrungen aufheben' }).click();
  await expect(page.getByText('Eine Sperrung wurde aufgehoben.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: patient.email })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Patienten' }).click();
  await page.getByRole('searchbox', { name: 'Suchen (Name, E-Mail, Firma, Status)' }).fill(nachname);
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('Aktiv');
});

test('an operator changes an appointment: the snackbar names it, its row is marked and shows the status', async ({
  page,
}) => {
  const befund = uniqueBefund('E2E Gespeichert');
  const day = berlinDay(Date.now() + 40 * 86_400_000);
  const { rows } = await sql(
    `insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer, status)
     select ($1::date + time '09:30') at time zone 'Europe/Berlin', 30, 'GRUPPE', $2, 'Vorher', id, 5, 'PLANUNG'
     from benutzer where email = 'therapeut@demo.de' returning id`,
    [day, befund],
  );
  expect(rows).toHaveLength(1);
  const operator = await createAccount('BETREIBER', [privilegeCode('TERMINE_EDITIEREN')]);
  await login(page, operator, { via: 'api', to: '/betreiber/termine' });
  await typeInPicker(page.getByRole('group', { name: 'Von' }), formatDayDe(day));
  await typeInPicker(page.getByRole('group', { name: 'Bis' }), formatDayDe(day));

  const table = page.getByRole('table', { name: 'Termine' });
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  // the appointment's own row (its details row below is named "Termin …")
  const row = table.getByRole('row', { name: new RegExp(`^${befund} `) });
  await expect(row.getByRole('cell').nth(5)).toHaveText('Planung');

  await row.getByRole('button', { name: /Details anzeigen/ }).click();
  await settled(page);
  await page
    .getByRole('region', { name: `Termin ${befund}` })
    .getByRole('button', { name: 'Termin ändern' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Termin ändern' });
  await dialog.getByLabel('Details').fill('Nachher');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('alert')).toHaveText(
    `Termin „${befund}, ${formatDayDe(day)} 09:30 Uhr“ wurde gespeichert.`,
  );
  await expect(row).toHaveAttribute('data-gespeichert', 'true');
  await expect(row).toHaveAttribute('aria-description', 'Gerade gespeichert');
  await expect(table.locator('tr[data-gespeichert]')).toHaveCount(1);
  await expect(page.getByRole('region', { name: `Termin ${befund}` })).toContainText('Nachher');
  await expectNoSeriousViolations(page);
});

test('a therapist reads what each link of the patient-record bar opens, on a phone too', async ({ page }) => {
  const therapist = await createAccount('THERAPEUT');
  const patient = await newPatient('Rita', `Reiter${process.pid % 1000}${Date.now() % 100000}`);
  await bookIntoCare(await idOf(therapist), patient.id);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, therapist, { via: 'api', to: `/profil/${patient.id}` });

  const bar = page.getByRole('navigation', { name: 'Patientenakte' });
  // no operator link for a therapist; every label visible, nothing scrolls sideways
  await expect(bar.getByRole('link')).toHaveText(['Anamnesebogen', 'Befundfragebögen', 'Trainingsplan', 'Rezepte']);
  for (const link of await bar.getByRole('link').all()) await expect(link).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page);

  await bar.getByRole('link', { name: 'Rezepte' }).click();
  await expect(page).toHaveURL(new RegExp(`/rezepte/${patient.id}$`));
});
