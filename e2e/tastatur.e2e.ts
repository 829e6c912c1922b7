import AxeBuilder from '@axe-core/playwright';
import { privilegeCode } from '@dihs/contract/common/roles';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { trainingEndpoints } from '@dihs/contract/training';
import type { Page } from '@playwright/test';
import { authEndpoints } from '@dihs/contract/auth';
import { anamneseEndpoints, LEERE_ANAMNESE } from '@dihs/contract/anamnese';
import { createAccount, DEMO_PASSWORD, expect, login, sql, test } from './support/fixtures.ts';
import { activate, expectFocusVisible, press, tabTo, type } from './support/keyboard.ts';
import { DAY_MINUTES, newPatient, newTermin, uniqueBefund } from './support/termin-helpers.ts';
import { settled } from './support/settled.ts';
import { demoPlanFor } from './support/training-helpers.ts';
import { scaled } from './support/slowness.ts';

// Issue 32 item 13: a patient's main flows with the keyboard alone. Records are made by SQL; every action of the
// person is a key (support/keyboard.ts), and after every key the focus is on an element that shows it.

async function expectNoSeriousViolation(page: Page, include?: string) {
  await settled(page);
  const builder = new AxeBuilder({ page });
  const axe = await (include ? builder.include(include) : builder).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('by keyboard a patient books an appointment, pays it on the payment page and lands on the plan heading', async ({
  page,
}) => {
  // three page loads: the plan, the provider's page, the plan again
  test.setTimeout(scaled(60_000));
  const patient = await newPatient('Tanja', 'Tastatur');
  const befund = uniqueBefund('E2E Tastatur');
  await newTermin(befund, 3 * DAY_MINUTES, 'EINZEL');

  await login(page, patient.email, { via: 'api', to: `/patient/termine?b=${encodeURIComponent(befund)}` });
  const kopf = page.getByRole('heading', { level: 1, name: 'IHR TERMINPLAN Tanja Tastatur' });
  await expect(kopf).toBeVisible();
  const termin = page.getByRole('region', { name: new RegExp(`^${befund} –`) });
  const auswahl = termin.getByRole('checkbox', { name: 'Termin auswählen' });
  await activate(page, auswahl, ' ', { max: 60 });
  await expect(auswahl).toBeChecked();
  // "Buchen" stands above the list
  await activate(page, page.getByRole('button', { name: 'Buchen (1)' }), 'Enter', { back: true });

  const cart = page.getByRole('dialog', { name: 'Ihre Buchung' });
  await expect(cart).toContainText('Zahlung: Zu bezahlen (25,00 €)');
  const bestaetigen = cart.getByRole('button', { name: 'Buchung bestätigen' });
  await expect(bestaetigen).toBeFocused();
  await expectFocusVisible(page, 'dem Öffnen des Warenkorbs');
  // the summary closes only by confirm or reset: Escape leaves it open, the focus inside
  await press(page, 'Escape');
  await expect(bestaetigen).toBeFocused();
  // the tab leaves for the provider's page: no focus to check until it has loaded
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Testzahlung' })).toBeVisible({ timeout: scaled(15_000) });
  await tabTo(page, page.getByRole('button', { name: 'Bezahlen' }), { max: 5 });
  // the provider sends the tab back to the plan
  await page.keyboard.press('Enter');

  // back on the plan: the confirmation, its "Schließen" focused
  const done = page.getByRole('dialog', { name: 'Buchung abgeschlossen' });
  await expect(done).toContainText(`Ihr Termin ist gebucht:${befund} (Video-Einzeltermin) am `, {
    timeout: scaled(20_000),
  });
  await expect(done.getByRole('button', { name: 'Schließen' })).toBeFocused();
  await expectFocusVisible(page, 'der Rückkehr von der Zahlungsseite');
  await expectNoSeriousViolation(page);
  await press(page, 'Escape');
  await expect(done).toBeHidden();
  // "Buchen" is disabled now: the plan's heading has the focus, not the page body
  await expect(kopf).toBeFocused();
  await expectFocusVisible(page, 'dem Schließen der Bestätigung');
  // and the keyboard goes on from there: the filter's first group, then the arrow to the booked appointments
  await tabTo(page, page.getByRole('search', { name: 'Terminfilter' }).getByRole('radiogroup'), { max: 10 });
  await press(page, 'ArrowRight');
  await expect(page.getByRole('radio', { name: 'Gebuchte Termine' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Gebuchte Termine' })).toBeFocused();
  await expect(termin.getByText('gebucht', { exact: true })).toBeVisible();
});

test('by keyboard a patient answers a questionnaire, is led to the open question and submits it', async ({ page }) => {
  // some 40 keys, each followed by the focus check
  test.setTimeout(scaled(45_000));
  const patient = await newPatient('Frieda', 'Fokus');
  // a draft of the demo questionnaire (other tests publish newer definitions meanwhile)
  await sql(
    `insert into patient_fragebogen (patient_user_id, definition_id, titel, erstellt_von)
     select $1, id, titel, $1 from fragebogen_definition
     where titel = 'Befundfragebogen Rücken' and veroeffentlicht is not null order by id limit 1`,
    [patient.id],
  );
  await login(page, patient.email, { via: 'api', to: '/patient/fragebogen' });
  await expect(page.getByRole('heading', { level: 1, name: 'Befundfragebögen' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Befundfragebogen Rücken' });
  await expect(form).toBeVisible();
  const gruppe = (name: string) => form.getByRole('radiogroup', { name });

  // no answer yet: Tab enters a group at its first option, Space chooses it, the arrows move and choose
  await tabTo(page, gruppe('Haben Sie aktuell Schmerzen?'), { max: 40 });
  await press(page, ' ');
  await expect(gruppe('Haben Sie aktuell Schmerzen?').getByRole('radio', { name: 'Ja' })).toBeChecked();
  await tabTo(page, gruppe('Wie stark sind die Schmerzen heute?'));
  await press(page, ' ');
  for (let i = 0; i < 3; i++) await press(page, 'ArrowRight');
  await expect(
    gruppe('Wie stark sind die Schmerzen heute?').getByRole('radio', { name: '3', exact: true }),
  ).toBeChecked();
  await tabTo(page, gruppe('Wie gut können Sie sich im Alltag bewegen?'), { max: 5 });
  await press(page, ' ');
  await tabTo(page, form.getByLabel('Was möchten Sie mit der Therapie erreichen?'));
  await type(page, 'Wieder Rad fahren');

  // one question left open: submitting names it and takes the focus there
  await activate(page, form.getByRole('button', { name: 'Speichern & Abgeben' }));
  await expect(form.getByRole('alert')).toContainText('Strahlen die Schmerzen in Arme oder Beine aus?');
  const strahlen = gruppe('Strahlen die Schmerzen in Arme oder Beine aus?');
  await expect(strahlen.getByRole('radio', { name: 'Ja' })).toBeFocused();
  await expectFocusVisible(page, 'dem Hinweis auf die offene Frage');
  await press(page, 'ArrowRight');
  await expect(strahlen.getByRole('radio', { name: 'Nein' })).toBeChecked();
  await expectNoSeriousViolation(page, 'main');

  await activate(page, form.getByRole('button', { name: 'Speichern & Abgeben' }));
  // the form gives way to the read-only view: its status has the focus
  const ansicht = page.getByRole('region', { name: 'Befundfragebogen Rücken' });
  const status = ansicht.getByText(/^Abgegeben am/);
  await expect(status).toBeFocused();
  await expectFocusVisible(page, 'dem Abgeben');
  await expect(ansicht.getByText('Wieder Rad fahren')).toBeVisible();
  await tabTo(page, ansicht.getByRole('button', { name: 'PDF herunterladen' }), { max: 5 });
});

test('by keyboard a patient fills the anamnesis with a date, the body image and the region list, and signs it', async ({
  page,
}) => {
  // about 150 keys through the whole form, each followed by the focus check: 40-70 s at load 8-12 on 2 cores
  test.setTimeout(scaled(120_000));
  const patient = await newPatient('Anke', 'Anschlag');
  await login(page, patient.email, { via: 'api', to: '/anamnese' });
  await expect(page.getByRole('heading', { level: 1, name: 'Anamnesebogen' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Anamnesebogen ausfüllen' });
  const feld = async (name: string, text: string) => {
    await tabTo(page, form.getByRole('textbox', { name, exact: true }), { max: 30 });
    await type(page, text);
  };

  await tabTo(page, form.getByLabel('Größe (cm)'), { max: 30 });
  await type(page, '176');
  await press(page, 'Tab');
  await expect(form.getByLabel('Gewicht (kg)')).toBeFocused();
  await type(page, '70');

  // the operation date through the calendar dialog: it hands the focus back to its button
  const kalender = form.getByRole('button', { name: /^Datum auswählen/ }).first();
  await activate(page, kalender, 'Enter', { max: 40 });
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('gridcell').first()).toBeVisible();
  await press(page, 'ArrowLeft');
  await press(page, 'Enter');
  await expect(dialog).toBeHidden();
  await expectFocusVisible(page, 'dem Schließen des Kalenders');
  await expect(form.getByRole('group', { name: 'Operationsdatum' })).not.toHaveText(/TT/);

  await feld('Erkrankungen', 'Keine');
  await feld('Medikamente', 'Keine');
  await feld('Schmerzmedikamente', 'Ibuprofen bei Bedarf');
  await feld('Allergien', 'Keine');

  await tabTo(page, form.getByRole('slider', { name: /Psychische Belastung/ }), { max: 10 });
  await press(page, 'ArrowRight');
  await press(page, 'ArrowRight');
  await expect(form.getByText('Psychische Belastung: 3/10')).toBeVisible();

  await tabTo(page, form.getByRole('radiogroup', { name: 'Haben Sie Schmerzen?', exact: true }), { max: 5 });
  await press(page, ' ');
  await expect(form.getByRole('radio', { name: 'Ja', exact: true }).first()).toBeChecked();

  // the body image: the marker moves by the arrows, Enter and Space set points
  const meldung = form.getByRole('status');
  await tabTo(page, form.getByRole('application', { name: /Körperbild Vorderseite/ }), { max: 10 });
  await press(page, 'Enter');
  await expect(meldung).toHaveText('Schmerzpunkt 1 gesetzt: Vorderseite: Brustkorb');
  for (let i = 0; i < 10; i++) await press(page, 'ArrowDown');
  await expect(meldung).toHaveText('Markierung: Bauch');
  await press(page, ' ');
  await expect(meldung).toHaveText('Schmerzpunkt 2 gesetzt: Vorderseite: Bauch');
  // a point removed by its button: the focus goes to the button that took its place
  await activate(page, form.getByRole('button', { name: 'Schmerzpunkt 1 entfernen' }), 'Enter', { max: 5 });
  await expect(form.getByRole('button', { name: 'Schmerzpunkt 1 entfernen' })).toBeFocused();
  await expectFocusVisible(page, 'dem Entfernen eines Schmerzpunkts');
  // the region list behind its accordion
  await activate(
    page,
    form.getByRole('button', { name: 'Schmerzpunkte über die Liste der Körperregionen wählen' }),
    'Enter',
    { max: 5 },
  );
  const ruecken = form
    .getByRole('group', { name: 'Körperregionen Rückseite' })
    .getByRole('checkbox', { name: 'Lendenwirbelsäule und unterer Rücken' });
  await activate(page, ruecken, ' ', { max: 40 });
  await expect(ruecken).toBeChecked();
  await expect(form.getByRole('list', { name: 'Gesetzte Schmerzpunkte' }).getByRole('listitem')).toHaveText([
    'Vorderseite: Bauch',
    'Rückseite: Lendenwirbelsäule und unterer Rücken',
  ]);

  const datenschutz = form.getByRole('checkbox', { name: /Datenschutzerklärung/ });
  await activate(page, datenschutz, ' ', { max: 40 });
  await expect(datenschutz).toBeChecked();
  await expectNoSeriousViolation(page, 'main');

  // signing: the summary's status takes the focus from the form that went away
  await activate(page, form.getByRole('button', { name: 'fertigstellen' }), 'Enter', { max: 5 });
  const status = page
    .getByRole('alert')
    .filter({ hasText: /^Unterschrieben am .* Der Anamnesebogen kann nicht mehr geändert werden\.$/ });
  await expect(status).toBeFocused();
  await expectFocusVisible(page, 'dem Fertigstellen');
  await expect(page.getByRole('img', { name: 'Körperbild Rückseite mit 1 Schmerzpunkten' })).toBeVisible();
});

test('by keyboard a patient opens the summary of a saved anamnesis, goes back to the form and saves it', async ({
  page,
}) => {
  test.setTimeout(scaled(45_000));
  const patient = await newPatient('Bernd', 'Bearbeiten');
  // a complete, unsigned anamnesis saved before
  const anmeldung = await page.request.post(apiUrl(authEndpoints.anmelden), {
    data: { email: patient.email, password: DEMO_PASSWORD, secondFactorCode: '' },
  });
  const { token } = (await anmeldung.json()) as { token: string };
  const gespeichert = await page.request.post(apiUrl(anamneseEndpoints.speichern), {
    headers: { authorization: `Bearer ${token}` },
    data: {
      ...LEERE_ANAMNESE,
      groesse: 190,
      gewicht: 85,
      erkrankungen: 'Keine',
      medikamente: 'Keine',
      schmerzmedikamente: 'Keine',
      allergien: 'Heuschnupfen',
      datenschutz: true,
    },
  });
  expect(gespeichert.status()).toBe(200);

  await login(page, patient.email, { via: 'api', to: '/anamnese' });
  const form = page.getByRole('form', { name: 'Anamnesebogen ausfüllen' });
  const datenschutz = form.getByRole('checkbox', { name: /Datenschutzerklärung/ });
  // nothing has the focus after the page load: Shift+Tab starts at the page's end, below the form
  await tabTo(page, datenschutz, { max: 15, back: true });
  await press(page, ' ');
  await expect(datenschutz).toBeChecked();

  // the summary and back: the status, then the form's first field take the focus from the buttons that went away
  await activate(page, form.getByRole('button', { name: 'Übersicht' }), 'Enter', { max: 5 });
  await expect(page.getByRole('alert').filter({ hasText: 'Noch nicht unterschrieben.' })).toBeFocused();
  await expectFocusVisible(page, 'der Übersicht');
  await expect(page.getByText('Heuschnupfen')).toBeVisible();
  await activate(page, page.getByRole('button', { name: 'Bearbeiten' }), 'Enter', { max: 3 });
  await expect(form.getByLabel('Größe (cm)')).toBeFocused();
  await expectFocusVisible(page, 'dem Bearbeiten');
  await expect(form.getByLabel('Größe (cm)')).toHaveValue('190');

  // saving builds the form anew from the stored answers: the note takes the focus
  await activate(page, datenschutz, ' ', { max: 80 });
  await activate(page, form.getByRole('button', { name: 'Zwischenspeichern' }), 'Enter', { max: 5 });
  await expect(page.getByRole('alert').filter({ hasText: 'Ihre Angaben wurden gespeichert.' })).toBeFocused();
  await expectFocusVisible(page, 'dem Zwischenspeichern');
  await expect(datenschutz).not.toBeChecked();
});

test('by keyboard a patient rates the pain in a select and ticks an exercise done', async ({ page }) => {
  const email = await createAccount('PATIENT', [privilegeCode('HAT_ABO')]);
  const { rows } = await sql('select id from benutzer where email = $1', [email]);
  const id = (rows[0] as { id: number }).id;
  await sql('insert into profil (user_id, vorname, nachname) values ($1, $2, $3)', [id, 'Udo', 'Übung']);
  await demoPlanFor(id);

  await login(page, email, { via: 'api', to: '/patient/trainingsplan' });
  await expect(page.getByRole('heading', { level: 1, name: 'IHR TRAININGSPLAN UDO ÜBUNG' })).toBeVisible();
  const karte = page.getByRole('listitem').filter({ hasText: 'Katzenbuckel im Vierfüßlerstand' });
  await expectNoSeriousViolation(page, 'main');

  // the pain select is the browser's own: reached by Tab, the arrows choose while it is closed, the focus stays
  const schmerz = karte.getByRole('combobox', { name: 'Schmerz dabei (0–10)' });
  await tabTo(page, schmerz, { max: 30 });
  for (let i = 0; i < 4; i++) await press(page, 'ArrowDown');
  await expect(schmerz).toHaveValue('3');
  await expect(schmerz).toBeFocused();
  await expectFocusVisible(page, 'der Auswahl');

  const erledigt = karte.getByRole('checkbox', { name: 'Heute erledigt' });
  const gespeichert = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === apiUrl(trainingEndpoints.erledigt),
  );
  await activate(page, erledigt, ' ', { max: 3, back: true });
  await expect(erledigt).toBeChecked();
  expect((await gespeichert).status()).toBe(200);
  await expect(erledigt).toBeFocused();
  await expectFocusVisible(page, 'dem Abhaken');
});
