import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, login, sql, test } from './support/fixtures.ts';
import { DAY_MINUTES, grantCredit, newPatient, newTermin, uniqueBefund } from './support/termin-helpers.ts';
import { settled } from './support/settled.ts';
import { scaled } from './support/slowness.ts';

const paidCredit = (page: Page) => page.getByRole('region', { name: 'Bezahltes Guthaben' });
const termin = (page: Page, befund: string) => page.getByRole('region', { name: new RegExp(`^${befund} –`) });

/** Selects one appointment and books it: the cart dialog opens with the item and its payment method. */
async function bookOne(page: Page, befund: string, zahlung: string) {
  await termin(page, befund).getByRole('checkbox', { name: 'Termin auswählen' }).check();
  await page.getByRole('button', { name: 'Buchen (1)' }).click();
  const cart = page.getByRole('dialog', { name: 'Ihre Buchung' });
  await expect(cart).toContainText(befund);
  await expect(cart).toContainText(`Zahlung: ${zahlung}`);
  return cart;
}

test('a patient filters by address and checkbox, books with credit, downloads the confirmation, cancels and gets the credit back', async ({
  page,
}) => {
  const patient = await newPatient('Frieda', 'Filter');
  await grantCredit(patient.id, 'bezahltEinzelTermin', 1);
  const befund = uniqueBefund('E2E Plan');
  const einzel = await newTermin(befund, 3 * DAY_MINUTES, 'EINZEL');
  await newTermin(befund, 4 * DAY_MINUTES, 'GRUPPE');

  // the Befund filter from the address: only this test's two appointments
  await login(page, patient.email, { via: 'api', to: `/patient/termine?b=${encodeURIComponent(befund)}` });
  await expect(page.getByRole('heading', { level: 1, name: 'IHR TERMINPLAN Frieda Filter' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Termine' }).getByRole('listitem')).toHaveCount(2);
  await expect(paidCredit(page).getByText('Video-Einzeltermin: 1')).toBeVisible();

  // a type checkbox writes the address (ket: single appointments off); the last type on cannot be switched off
  await page.getByRole('checkbox', { name: 'Video-Einzeltermin' }).uncheck();
  await expect(page).toHaveURL(/[?&]ket=/);
  await expect(page.getByRole('list', { name: 'Termine' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Video-Einzeltermin' }).check();
  await expect(page).not.toHaveURL(/ket=/);

  // the single appointment by id: a shareable link
  await page.goto(`/patient/termine?id=${einzel}`);
  await expect(page.getByRole('radio', { name: 'Ausgewählter Termin' })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Termine' }).getByRole('listitem')).toHaveCount(1);

  const cart = await bookOne(page, befund, 'Guthaben');
  await cart.getByRole('button', { name: 'Buchung bestätigen' }).click();
  const done = page.getByRole('dialog', { name: 'Buchung abgeschlossen' });
  await expect(done).toContainText(`Ihr Termin ist gebucht:${befund} (Video-Einzeltermin) am `);
  await done.getByRole('button', { name: 'Schließen' }).click();
  await expect(paidCredit(page).getByText('Video-Einzeltermin: 0')).toBeVisible();

  await page.getByRole('radio', { name: 'Gebuchte Termine' }).check();
  await expect(page).toHaveURL(/[?&]ta=angemeldet/);
  const booked = termin(page, befund);
  await expect(booked.getByText('gebucht', { exact: true })).toBeVisible();

  const download = page.waitForEvent('download');
  await booked.getByRole('button', { name: 'Buchungsbestätigung (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`terminbuchungsbestaetigung-${einzel}.pdf`);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  await booked.getByRole('button', { name: 'Stornieren' }).click();
  const confirm = page.getByRole('dialog', { name: 'Stornierung bestätigen' });
  await confirm.getByRole('button', { name: 'Stornieren' }).click();
  const cancelled = page.getByRole('dialog', { name: 'Termin storniert' });
  await expect(cancelled).toContainText(
    `Der Termin ${befund} wurde erfolgreich storniert. Das entsprechende Guthaben wurde Ihnen zugeschrieben.`,
  );
  await cancelled.getByRole('button', { name: 'OK' }).click();
  await expect(paidCredit(page).getByText('Video-Einzeltermin: 1')).toBeVisible();
  await expect(booked).toBeHidden();
});

test('a patient pays in the same tab: a cancelled payment keeps the cart, the paid booking is named on the plan', async ({
  page,
}) => {
  // three full page loads: the plan, and the plan again after each visit of the provider's page
  test.setTimeout(scaled(60_000));
  const patient = await newPatient('Karl', 'Karte');
  const befund = uniqueBefund('E2E Karte');
  await newTermin(befund, 3 * DAY_MINUTES, 'EINZEL');

  await login(page, patient.email, { via: 'api', to: `/patient/termine?b=${encodeURIComponent(befund)}` });
  // no credit: the demo card price of a single appointment
  const cart = await bookOne(page, befund, 'Zu bezahlen (25,00 €)');
  await expect(cart).toContainText('Mit „Buchung bestätigen“ gelangen Sie zur Zahlungsseite');
  await cart.getByRole('button', { name: 'Buchung bestätigen' }).click();
  // the provider's page opens in this tab, no second window
  await expect(page.getByRole('heading', { name: 'Testzahlung' })).toBeVisible();
  expect(page.context().pages()).toHaveLength(1);

  // cancelled at the provider: back on the plan, told so, the cart as it was
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(/\/patient\/termine\?cart=\d+&zahlung=abgebrochen$/);
  const back = page.getByRole('dialog', { name: 'Ihre Buchung' });
  await expect(back).toContainText('Die Zahlung wurde abgebrochen, es wurde nichts von Ihrer Karte abgebucht.', {
    timeout: scaled(20_000),
  });
  await expect(back).toContainText(befund);

  // the retry goes to a new payment page; paid, the plan names what was booked, when, with whom and where
  await back.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('heading', { name: 'Testzahlung' })).toBeVisible();
  await page.getByRole('button', { name: 'Bezahlen' }).click();
  await expect(page).toHaveURL(/\/patient\/termine\?cart=\d+$/);
  const done = page.getByRole('dialog', { name: 'Buchung abgeschlossen' });
  await expect(done).toContainText(`Ihr Termin ist gebucht:${befund} (Video-Einzeltermin) am `, {
    timeout: scaled(20_000),
  });
  await expect(done).toContainText('bei Thomas Therapeut');
  await expect(done).toContainText('Ihre Termine finden Sie in Ihrem Terminplan unter Gebuchte Termine.');
  await expect(done).not.toContainText('Es hat alles geklappt.');
  await settled(page);
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => ['serious', 'critical'].includes(v.impact!)),
  ).toEqual([]);

  await done.getByRole('link', { name: 'Gebuchte Termine' }).click();
  await expect(done).toBeHidden();
  await expect(page).toHaveURL(/[?&]ta=angemeldet/);
  await expect(page.getByRole('radio', { name: 'Gebuchte Termine' })).toBeChecked();
  await expect(termin(page, befund).getByText('gebucht', { exact: true })).toBeVisible();
  expect(page.context().pages()).toHaveLength(1);
});

test('a booking less than 24 hours ahead gets its reminder e-mail exactly once', async ({ page, waitForMail }) => {
  test.setTimeout(scaled(60_000));
  const patient = await newPatient('Rita', 'Remind');
  await grantCredit(patient.id, 'bezahltEinzelTermin', 1);
  const befund = uniqueBefund('E2E Erinnerung');
  const id = await newTermin(befund, 180, 'EINZEL');

  await login(page, patient.email, { via: 'api', to: `/patient/termine?b=${encodeURIComponent(befund)}` });
  const cart = await bookOne(page, befund, 'Guthaben');
  await cart.getByRole('button', { name: 'Buchung bestätigen' }).click();
  await expect(page.getByRole('dialog', { name: 'Buchung abgeschlossen' })).toBeVisible();

  await waitForMail(patient.email, /: Ihre Terminbuchung/);
  // the e2e server's reminder job runs every 2 s (REMINDER_INTERVAL_SECONDS); a booking inside 24 hours is
  // reminded at its next run
  const reminder = await waitForMail(patient.email, /: Erinnerung: Ihr Termin/);
  expect(reminder.text).toContain(befund);
  const { rows } = await sql(
    'select count(*)::int as n from termin_teilnahme where termin_id = $1 and reminder_sent_at is not null',
    [id],
  );
  expect((rows[0] as { n: number }).n).toBe(1);

  // further runs of the job send nothing (waitForMail itself waits 15 s, several runs)
  await expect(waitForMail(patient.email, /: Erinnerung: Ihr Termin/)).rejects.toThrow(/Keine Mail/);
});
