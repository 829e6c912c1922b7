import { expect, login, test } from './support/fixtures.ts';
import { DAY_MINUTES, grantCredit, newPatient, newTermin, uniqueBefund } from './support/termin-helpers.ts';

test('an operator books for a patient: refused without credit (KEIN_GRUPPE_GUTHABEN), booked with it', async ({
  page,
}) => {
  const patient = await newPatient('Olga', 'Operatorbucht');
  const befund = uniqueBefund('E2E Betreiber');
  await newTermin(befund, 3 * DAY_MINUTES, 'GRUPPE');

  // reached from the patient's profile (spec 1 section 2.6 icon "Termine für Patient")
  await login(page, 'betreiber@demo.de', { via: 'api', to: `/profil/${patient.id}` });
  await page.getByRole('link', { name: 'Termine für Patient' }).click();
  await expect(page).toHaveURL(`/betreiber/termine/patient/${patient.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'TERMINPLAN FÜR Olga Operatorbucht' })).toBeVisible();

  await page.goto(`/betreiber/termine/patient/${patient.id}?b=${encodeURIComponent(befund)}`);
  const row = page.getByRole('region', { name: new RegExp(`^${befund} –`) });
  await row.getByRole('checkbox', { name: 'Termin auswählen' }).check();
  await page.getByRole('button', { name: 'Buchen (1)' }).click();
  const refusal = page.getByRole('dialog', { name: 'Fehler bei der Buchung' });
  await expect(refusal).toContainText(
    'Guthaben Reicht nicht aus: Für einen Video-Gruppentermin fehlt der Patientin oder dem Patienten passendes Guthaben.',
  );
  await expect(page.getByRole('dialog', { name: 'Ihre Buchung' })).toBeHidden();
  await refusal.getByRole('button', { name: 'OK' }).click();

  await grantCredit(patient.id, 'bezahltGruppenTermin', 1);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Bezahltes Guthaben' }).getByText('Video-Gruppentermin: 1'),
  ).toBeVisible();
  await row.getByRole('checkbox', { name: 'Termin auswählen' }).check();
  await page.getByRole('button', { name: 'Buchen (1)' }).click();
  const cart = page.getByRole('dialog', { name: 'Ihre Buchung' });
  await expect(cart).toContainText('Zahlung: Guthaben');
  await cart.getByRole('button', { name: 'Buchung bestätigen' }).click();
  const done = page.getByRole('dialog', { name: 'Buchung abgeschlossen' });
  await expect(done).toContainText('Der Termin für Olga Operatorbucht ist gebucht:');
  await expect(done).toContainText('bei Thomas Therapeut');
  await done.getByRole('button', { name: 'Schließen' }).click();
  await expect(
    page.getByRole('region', { name: 'Bezahltes Guthaben' }).getByText('Video-Gruppentermin: 0'),
  ).toBeVisible();

  await page.getByRole('radio', { name: 'Gebuchte Termine' }).check();
  await expect(row.getByText('gebucht', { exact: true })).toBeVisible();
});
