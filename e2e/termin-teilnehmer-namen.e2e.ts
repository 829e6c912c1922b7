import type { Page } from '@playwright/test';
import { expect, login, sql, test } from './support/fixtures.ts';
import { DAY_MINUTES, newPatient, newTermin, uniqueBefund } from './support/termin-helpers.ts';

const karte = (page: Page, befund: string) => page.getByRole('region', { name: new RegExp(`^${befund} –`) });

/** A paid seat of the patient in the appointment, as a completed booking leaves it. */
async function bookedSeat(terminId: number, patientId: number) {
  await sql(
    `insert into termin_teilnahme (termin_id, patient_user_id, status, zahlungsart, credit_kind)
     values ($1, $2, 'GEBUCHT', 'GUTHABEN', 'bezahltGruppenTermin')`,
    [terminId, patientId],
  );
  await sql('update termin set anzahl_teilnehmer = anzahl_teilnehmer + 1 where id = $1', [terminId]);
}

test('the group participant names are hidden from a browsing patient', async ({ page }) => {
  const befund = uniqueBefund('E2E Jeder');
  const terminId = await newTermin(befund, 3 * DAY_MINUTES, 'GRUPPE');
  await sql('update termin set everyone_view = true where id = $1', [terminId]);
  const gebucht = await newPatient('Gerda', 'Gebucht');
  const mitgebucht = await newPatient('Mira', 'Mitgebucht');
  await bookedSeat(terminId, gebucht.id);
  await bookedSeat(terminId, mitgebucht.id);
  const browsing = await newPatient('Bruno', 'Bummel');

  // browsing: the appointment with its free seats, no names
  await login(page, browsing.email, { via: 'api', to: `/patient/termine?b=${encodeURIComponent(befund)}` });
  await expect(karte(page, befund)).toContainText('3 Plätze frei');
  await expect(karte(page, befund)).not.toContainText('Teilnehmer:');
  await expect(page.getByRole('main')).not.toContainText('Gerda');

  // a booked participant sees the group
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login(page, gebucht.email, {
    via: 'api',
    to: `/patient/termine?ta=angemeldet&b=${encodeURIComponent(befund)}`,
  });
  await expect(karte(page, befund)).toContainText('Teilnehmer: Gerda Gebucht, Mira Mitgebucht');
});
