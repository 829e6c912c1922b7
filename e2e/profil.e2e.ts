import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { authEndpoints } from '@dihs/contract/auth';
import { cartEndpoints } from '@dihs/contract/cart';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { privilegeCode } from '@dihs/contract/common/roles';
import { EINWILLIGUNG_ANLASS_LABELS, EINWILLIGUNG_TEXTS } from '@dihs/contract/einwilligung';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { bookIntoCare, DAY_MINUTES, newTermin, uniqueBefund } from './support/termin-helpers.ts';

const MANAGER = [privilegeCode('BENUTZER_VERWALTEN')];
const OWN_PROFILE_LOCKED = 'Das eigene Profil kann nicht bearbeitet werden.';

/** A fresh account with a profile (createAccount makes none) and its id. */
async function account(
  role: 'BETREIBER' | 'THERAPEUT' | 'PATIENT',
  profile: { vorname: string; nachname: string; beschreibung?: string },
  privileges: number[] = [],
): Promise<{ email: string; id: number }> {
  const email = await createAccount(role, privileges);
  const { rows } = await sql('select id from benutzer where email = $1', [email]);
  const id = rows[0].id as number;
  await sql('insert into profil (user_id, vorname, nachname, beschreibung) values ($1, $2, $3, $4)', [
    id,
    profile.vorname,
    profile.nachname,
    profile.beschreibung ?? '',
  ]);
  return { email, id };
}

/** Confirms the spec's save dialog with Speichern. */
async function confirmSave(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Änderungen Speichern?' });
  await expect(dialog.getByRole('button', { name: 'Verwerfen' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Zurück' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
}

/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('profile (/profil)', () => {
  test('a patient edits the own address with the edit link, the save link and "Änderungen Speichern?"', async ({
    page,
  }) => {
    const patient = await account('PATIENT', { vorname: 'Erna', nachname: 'Eigen' });
    await login(page, patient.email, { via: 'api', to: '/profil' });
    await expect(page.getByRole('heading', { level: 1, name: 'Erna Eigen' })).toBeVisible();

    await page.getByRole('button', { name: 'Straße und Hausnummer bearbeiten' }).click();
    await page.getByRole('textbox', { name: 'Straße' }).fill('Weg 12');
    await expect(page.getByText('Straße enthält unzulässige Zeichen.')).toBeVisible();
    const save = page.getByRole('button', { name: 'Straße und Hausnummer speichern' });
    await expect(save).toBeDisabled();
    await page.getByRole('textbox', { name: 'Straße' }).fill('Ahornweg');
    await page.getByRole('textbox', { name: 'Hausnummer' }).fill('3a');
    await save.click();
    await confirmSave(page);
    await expect(page.getByText('Ahornweg 3a')).toBeVisible();

    await page.reload();
    await expect(page.getByText('Ahornweg 3a')).toBeVisible();
    const { rows } = await sql('select strasse, hausnummer from profil where user_id = $1', [patient.id]);
    expect(rows[0]).toEqual({ strasse: 'Ahornweg', hausnummer: '3a' });
  });

  test('the therapist directory shows cards with "mehr erfahren", Profil and Termine', async ({ page }) => {
    const long = 'Ich begleite Sie mit Geduld und Erfahrung. '.repeat(12).trim();
    const therapist = await account('THERAPEUT', { vorname: 'Vera', nachname: 'Verzeichnis', beschreibung: long });
    const hidden = await account('THERAPEUT', { vorname: 'Ulla', nachname: 'Unsichtbar' });
    await sql('update profil set listenanzeige = false where user_id = $1', [hidden.id]);
    const patient = await createAccount('PATIENT');

    await login(page, patient, { via: 'api', to: '/therapeuten' });
    await expect(page.getByRole('heading', { level: 1, name: 'IHRE THERAPEUTINNEN UND THERAPEUTEN' })).toBeVisible();
    const card = page.getByRole('article', { name: 'Vera Verzeichnis' });
    await expect(card).toBeVisible();
    await expect(page.getByRole('article', { name: 'Thomas Therapeut' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Ulla Unsichtbar' })).toHaveCount(0);

    const more = card.getByRole('button', { name: 'mehr erfahren' });
    await expect(more).toBeVisible();
    await more.click();
    await expect(card.getByRole('button', { name: 'weniger anzeigen' })).toHaveAttribute('aria-expanded', 'true');

    await card.getByRole('link', { name: 'Profil von Vera Verzeichnis' }).click();
    await expect(page).toHaveURL(`/profil/${therapist.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Vera Verzeichnis' })).toBeVisible();
    await expect(page.getByText('Ich begleite Sie mit Geduld').first()).toBeVisible();

    await page.goBack();
    await page
      .getByRole('article', { name: 'Vera Verzeichnis' })
      .getByRole('link', { name: /^Termine/ })
      .click();
    await expect(page).toHaveURL(`/patient/termine/${therapist.id}`);
  });

  test('a therapist adds documentation on a patient and downloads the PDF', async ({ page }) => {
    const patient = await account('PATIENT', { vorname: 'Doris', nachname: 'Doku' });
    const therapist = await account('THERAPEUT', { vorname: 'Theo', nachname: 'Schreiber' });
    // a therapist reaches a patient's records only while the patient is in their care
    await bookIntoCare(therapist.id, patient.id);
    await login(page, therapist.email, { via: 'api', to: `/profil/${patient.id}` });
    await expect(page.getByRole('heading', { level: 1, name: 'Doris Doku' })).toBeVisible();
    await expect(page.getByText('Es sind noch keine Einträge vorhanden.')).toBeVisible();

    const add = page.getByRole('button', { name: 'Eintrag hinzufügen' });
    await expect(add).toBeDisabled();
    await page.getByRole('textbox', { name: 'Neuer Eintrag' }).fill('Übungen zur Schulter besprochen.');
    await add.click();
    const entries = page.getByRole('list', { name: 'Einträge der Dokumentation' });
    await expect(entries).toContainText('Übungen zur Schulter besprochen.');
    await expect(entries).toContainText('Theo Schreiber');
    await expect(page.getByRole('textbox', { name: 'Neuer Eintrag' })).toHaveValue('');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF herunterladen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`patientendokumentation-${patient.id}.pdf`);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  test('a therapist uploads a profile photo that patients then see', async ({ page, browser }) => {
    const therapist = await account('THERAPEUT', { vorname: 'Frida', nachname: 'Foto' });
    await login(page, therapist.email, { via: 'api', to: '/profil' });
    await page
      .getByLabel('Profilbild auswählen')
      .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Profilbild von Frida Foto' })).toBeVisible();

    const patientPage = await (await browser.newContext()).newPage();
    await login(patientPage, await createAccount('PATIENT'), { via: 'api', to: `/profil/${therapist.id}` });
    await expect(patientPage.getByRole('img', { name: 'Profilbild von Frida Foto' })).toBeVisible();
    await patientPage.context().close();
  });

  test('an operator grants a privilege and locks a user, who then cannot log in', async ({ page, browser }) => {
    const therapist = await account('THERAPEUT', { vorname: 'Gerd', nachname: 'Gesperrt' });
    const operator = await createAccount('BETREIBER', MANAGER);
    await login(page, operator, { via: 'api', to: `/profil/${therapist.id}` });
    await expect(page.getByRole('heading', { level: 1, name: 'Gerd Gesperrt' })).toBeVisible();

    await page.getByRole('button', { name: 'Berechtigungen und Status bearbeiten' }).click();
    await page.getByRole('combobox', { name: 'Berechtigungen' }).click();
    const options = page.getByRole('option');
    await expect(options).toHaveText(['Übungen verwalten (Therapeut)', 'Trainingsplan-Vorlagen verwalten']);
    await page.getByRole('option', { name: 'Übungen verwalten (Therapeut)' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('switch', { name: 'Aktiv' }).click();
    await expect(page.getByRole('switch', { name: 'Gesperrt' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Berechtigungen und Status speichern' }).click();
    await confirmSave(page);
    await expect(page.getByText('Status: Gesperrt')).toBeVisible();
    const { rows } = await sql('select privileges, aktiv from benutzer where id = $1', [therapist.id]);
    expect(rows[0]).toEqual({ privileges: [privilegeCode('UEBUNGEN_VERWALTEN_THERAPEUT')], aktiv: false });

    const other = await (await browser.newContext()).newPage();
    await other.goto('/?login');
    const dialog = other.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('E-Mail').fill(therapist.email);
    await dialog.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(other.getByRole('dialog', { name: 'Fehler bei der Anmeldung' })).toContainText('gesperrt');
    await other.context().close();
  });

  test('an operator assigns a patient to a company and removes the affiliation again', async ({ page }) => {
    const patient = await account('PATIENT', { vorname: 'Fritz', nachname: 'Firma' });
    const operator = await createAccount('BETREIBER', MANAGER);
    await login(page, operator, { via: 'api', to: `/profil/${patient.id}` });
    await expect(page.getByText('Keine Firmenzugehörigkeit')).toBeVisible();

    await page.getByRole('button', { name: 'Firmenzugehörigkeit bearbeiten' }).click();
    await page.getByRole('combobox', { name: 'Firma' }).click();
    await page.getByRole('option', { name: 'Demo GmbH' }).click();
    await page.getByRole('button', { name: 'Firmenzugehörigkeit speichern' }).click();
    await confirmSave(page);
    const group = page.getByRole('group', { name: 'Firmenzugehörigkeit' });
    await expect(group).toContainText('Demo GmbH');
    const assigned = await sql(
      'select f.bezeichner from benutzer b join firma f on f.id = b.firma_id where b.id = $1',
      [patient.id],
    );
    expect(assigned.rows[0]).toEqual({ bezeichner: 'Demo GmbH' });

    await page.getByRole('button', { name: 'Firmenzugehörigkeit bearbeiten' }).click();
    await page.getByRole('combobox', { name: 'Firma' }).click();
    await page.getByRole('option', { name: 'Keine Firmenzugehörigkeit' }).click();
    await page.getByRole('button', { name: 'Firmenzugehörigkeit speichern' }).click();
    await confirmSave(page);
    await expect(group).toContainText('Keine Firmenzugehörigkeit');
    const removed = await sql('select firma_id from benutzer where id = $1', [patient.id]);
    expect(removed.rows[0]).toEqual({ firma_id: null });
  });

  test('an operator’s own profile is read-only in the admin view', async ({ page }) => {
    const operator = await account('BETREIBER', { vorname: 'Olga', nachname: 'Operator' }, MANAGER);
    await login(page, operator.email, { via: 'api', to: `/profil/${operator.id}` });
    await expect(page.getByRole('heading', { level: 1, name: 'Olga Operator' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(OWN_PROFILE_LOCKED);
    const locked = page.getByLabel(`Berechtigungen und Status bearbeiten: ${OWN_PROFILE_LOCKED}`);
    await expect(locked.getByRole('button')).toBeDisabled();
    await locked.hover();
    await expect(page.getByRole('tooltip')).toHaveText(OWN_PROFILE_LOCKED);
  });

  test('a patient withdraws the video-therapy consent after reading the consequences, and consents again', async ({
    page,
  }) => {
    const patient = await account('PATIENT', { vorname: 'Wera', nachname: 'Widerruf' });
    await login(page, patient.email, { via: 'api', to: '/profil' });
    const section = page.getByRole('region', { name: EINWILLIGUNG_TEXTS.ueberschrift });
    const table = section.getByRole('table', { name: EINWILLIGUNG_TEXTS.ueberschrift });
    await expect(table.getByRole('row', { name: /Registrierung/ })).toHaveCount(2);

    await section.getByRole('button', { name: EINWILLIGUNG_TEXTS.widerrufen }).click();
    const dialog = page.getByRole('dialog', { name: EINWILLIGUNG_TEXTS.widerrufTitel });
    await expect(dialog).toContainText(EINWILLIGUNG_TEXTS.widerrufFolgen);
    await settled(page);
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    await dialog.getByRole('button', { name: EINWILLIGUNG_TEXTS.widerrufBestaetigen }).click();
    await expect(dialog).toBeHidden();

    // recorded and shown: the withdrawal heads the history, the state is explained beside it
    await expect(section.getByRole('status')).toHaveText(EINWILLIGUNG_TEXTS.istWiderrufen);
    const withdrawalRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: EINWILLIGUNG_ANLASS_LABELS.WIDERRUF, exact: true }) });
    await expect(withdrawalRow).toContainText('Einverständnis');
    const { rows } = await sql(
      "select count(*)::int as n from einwilligung where benutzer_id = $1 and anlass = 'WIDERRUF'",
      [patient.id],
    );
    expect(rows[0]).toEqual({ n: 1 });
    // booking now waits for a new consent (the server's German refusal)
    const termin = await newTermin(uniqueBefund('Widerruf'), 3 * DAY_MINUTES);
    const auth = await page.request.post(apiUrl(authEndpoints.anmelden), {
      data: { email: patient.email, password: DEMO_PASSWORD, secondFactorCode: '' },
    });
    const { token } = (await auth.json()) as { token: string };
    const booking = await page.request.post(apiUrl(cartEndpoints.anlegen), {
      headers: { Authorization: `Bearer ${token}` },
      data: [{ id: termin }],
    });
    expect(booking.status()).toBe(409);
    expect((await booking.json()) as unknown).toMatchObject({ message: EINWILLIGUNG_TEXTS.fehlt });

    // the next visit asks again, but may be put off; the profile offers the consent at any time
    await page.reload();
    const ask = page.getByRole('dialog', { name: EINWILLIGUNG_TEXTS.widerrufDialogTitel });
    await expect(ask).toContainText(EINWILLIGUNG_TEXTS.widerrufDialogEinleitung);
    await ask.getByRole('button', { name: EINWILLIGUNG_TEXTS.spaeter }).click();
    await expect(ask).toBeHidden();
    await section.getByRole('button', { name: EINWILLIGUNG_TEXTS.erneutEinwilligen }).click();
    await ask.getByLabel(EINWILLIGUNG_TEXTS.checkbox).check();
    await ask.getByRole('button', { name: EINWILLIGUNG_TEXTS.zustimmen }).click();
    await expect(ask).toBeHidden();
    await expect(section.getByRole('button', { name: EINWILLIGUNG_TEXTS.widerrufen })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(EINWILLIGUNG_ANLASS_LABELS.NACH_WIDERRUF) })).toContainText(
      EINWILLIGUNG_TEXTS.aktuell,
    );

    // operators with BENUTZER_VERWALTEN see the withdrawal in the patient's history, without a button to withdraw
    await login(page, await createAccount('BETREIBER', MANAGER), { via: 'api', to: `/profil/${patient.id}` });
    await expect(withdrawalRow).toHaveCount(1);
    await expect(table.getByRole('row', { name: new RegExp(EINWILLIGUNG_ANLASS_LABELS.NACH_WIDERRUF) })).toHaveCount(1);
    await expect(section.getByRole('button', { name: EINWILLIGUNG_TEXTS.widerrufen })).toHaveCount(0);
  });
});
