import AxeBuilder from '@axe-core/playwright';
import { expect, login, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { DAY_MINUTES, grantCredit, newPatient, newTermin, uniqueBefund } from './support/termin-helpers.ts';

test('an open cart survives a reload, can be continued, and releasing gives the credit back (/patient/termine)', async ({
  page,
}) => {
  const patient = await newPatient('Olga', 'Offen');
  await grantCredit(patient.id, 'bezahltEinzelTermin', 1);
  const befund = uniqueBefund('E2E Offen');
  await newTermin(befund, 3 * DAY_MINUTES, 'EINZEL');
  await login(page, patient.email, { via: 'api', to: `/patient/termine?b=${encodeURIComponent(befund)}` });
  const credit = page.getByRole('region', { name: 'Bezahltes Guthaben' });
  await expect(credit.getByText('Video-Einzeltermin: 1')).toBeVisible();

  await page
    .getByRole('region', { name: new RegExp(`^${befund} –`) })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: 'Buchen (1)' }).click();
  await expect(page.getByRole('dialog', { name: 'Ihre Buchung' })).toContainText(befund);

  // the tab is reloaded with the cart open: the booking is shown again instead of trapping seat and credit
  await page.reload();
  const offen = page.getByRole('region', { name: 'Offene Buchung' });
  await expect(offen).toContainText('Sie haben einen Termin ausgewählt, aber noch nicht gebucht.');
  await expect(credit.getByText('Video-Einzeltermin: 0')).toBeVisible();
  await settled(page);
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => ['serious', 'critical'].includes(v.impact!)),
  ).toEqual([]);

  await offen.getByRole('button', { name: 'Buchung fortsetzen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ihre Buchung' });
  await expect(dialog).toContainText(befund);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  // released from the dialog or from the notice: seat and credit come back at once
  await page.reload();
  await page.getByRole('region', { name: 'Offene Buchung' }).getByRole('button', { name: 'Buchung freigeben' }).click();
  const released = page.getByRole('dialog', { name: 'Buchung freigegeben' });
  await expect(released).toContainText('Die Plätze und Ihr Guthaben stehen wieder zur Verfügung.');
  await released.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('region', { name: 'Offene Buchung' })).toBeHidden();
  await expect(credit.getByText('Video-Einzeltermin: 1')).toBeVisible();
});
