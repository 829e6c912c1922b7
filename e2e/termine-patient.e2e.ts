import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, login, sql, test } from './support/fixtures.ts';
import { DAY_MINUTES, grantCredit, newPatient, newTermin, uniqueBefund } from './support/termin-helpers.ts';
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
  await expect(done).toContainText('Es hat alles geklappt.');
  await done.getByRole('button', { name: 'OK' }).click();
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

test('a patient pays a booking through the sandbox checkout in a new window', async ({ page }) => {
  const patient = await newPatient('Karl', 'Karte');
  const befund = uniqueBefund('E2E Karte');
  await newTermin(befund, 3 * DAY_MINUTES, 'EINZEL');

  await login(page, patient.email, { via: 'api', to: `/patient/termine?b=${encodeURIComponent(befund)}` });
  // no credit: the demo card price of a single appointment
  const cart = await bookOne(page, befund, 'Zu bezahlen (25,00 €)');
  const popupOpened = page.waitForEvent('popup');
  await cart.getByRole('button', { name: 'Buchung bestätigen' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Testzahlung' })).toBeVisible();
  await popup.getByRole('button', { name: 'Bezahlen' }).click();

  // the dialog reads the cart back until the provider's webhook booked it
  await expect(cart.getByText('Es hat alles geklappt.')).toBeVisible({ timeout: scaled(20_000) });
  // the payment window came back to the plan with ?cart={id} and shows the same state
  await expect(popup).toHaveURL(/\/patient\/termine\?cart=\d+/);
  await expect(popup.getByRole('dialog', { name: 'Ihre Buchung' })).toContainText('Es hat alles geklappt.', {
    timeout: scaled(20_000),
  });
  await popup.close();
  await cart.getByRole('button', { name: 'Schließen' }).click();

  await page.getByRole('radio', { name: 'Gebuchte Termine' }).check();
  await expect(termin(page, befund).getByText('gebucht', { exact: true })).toBeVisible();
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
