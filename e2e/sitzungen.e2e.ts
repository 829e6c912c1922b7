import AxeBuilder from '@axe-core/playwright';
import { SITZUNG_ENDE_TEXTS, SITZUNGEN_TEXTS } from '@dihs/contract/auth';
import { MESSAGES } from '@dihs/contract/common/messages';
import { baseUrl, createAccount, expect, login, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { scaled } from './support/slowness.ts';

/**
 * Issue 31 item 7 (O.Auth_5): the same user in two browsers. The second is a device the account has not used, so
 * the owner gets "Neue Anmeldung bei DiHS Teletherapie"; there "Angemeldete Geräte" lists both sessions, and
 * "Abmelden" ends the first browser's: its next step locks the page with "Login abgelaufen" (issue 31 item 6), and
 * "Abmelden" there leads to the start page.
 */
test('a session ended from another device', async ({ page, browser, waitForMail }) => {
  const email = await createAccount('PATIENT');

  // device A: this test's browser, logged in through the dialog (which also gives it its device cookie)
  await page.goto('/');
  await login(page, email);
  await expect(page).toHaveURL('/cockpit');

  // device B: another browser of the same user
  const contextB = await browser.newContext({ baseURL: baseUrl(), locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  try {
    const pageB = await contextB.newPage();
    await pageB.goto('/');
    await login(pageB, email);
    await expect(pageB).toHaveURL('/cockpit');

    const mail = await waitForMail(email, /^Neue Anmeldung bei DiHS Teletherapie$/);
    expect(mail.text).toMatch(/Zeitpunkt: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/);
    expect(mail.text).toContain('„Überall abmelden“');

    await pageB.goto('/profil');
    const section = pageB.getByRole('region', { name: SITZUNGEN_TEXTS.ueberschrift });
    const list = section.getByRole('list', { name: SITZUNGEN_TEXTS.ueberschrift });
    await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: scaled(10_000) });
    await expect(list.getByRole('listitem').filter({ hasText: SITZUNGEN_TEXTS.diesesGeraet })).toHaveCount(1);
    await settled(pageB);
    const labelledBy = await section.getAttribute('aria-labelledby');
    const axe = await new AxeBuilder({ page: pageB }).include(`section[aria-labelledby="${labelledBy}"]`).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);

    // B ends A: only A's row has the button (B's own ends with the top bar's logout)
    await section.getByRole('button', { name: /^Abmelden: / }).click();
    await expect(section.getByRole('status')).toHaveText(SITZUNGEN_TEXTS.abgemeldet);
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText(SITZUNGEN_TEXTS.keine);

    // A's next step: its token is refused, the page locks with "Login abgelaufen"; A leaves for the start page
    await page.goto('/profil');
    const expired = page.getByRole('dialog', { name: MESSAGES.loginAbgelaufenTitel });
    await expect(expired).toBeVisible({ timeout: scaled(10_000) });
    await expect(expired).toContainText(MESSAGES.loginAbgelaufenText);
    await expired.getByRole('button', { name: SITZUNG_ENDE_TEXTS.abmelden }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page).toHaveURL('/');

    // B goes on
    await pageB.reload();
    await expect(section.getByRole('list', { name: SITZUNGEN_TEXTS.ueberschrift })).toBeVisible();
  } finally {
    await contextB.close();
  }
});

test('"Überall abmelden" asks first, then logs out here as well', async ({ page }) => {
  const email = await createAccount('PATIENT');
  await page.goto('/');
  await login(page, email);
  await page.goto('/profil');
  const section = page.getByRole('region', { name: SITZUNGEN_TEXTS.ueberschrift });
  await section.getByRole('button', { name: SITZUNGEN_TEXTS.ueberallAbmelden }).click();
  const dialog = page.getByRole('dialog', { name: SITZUNGEN_TEXTS.ueberallTitel });
  await expect(dialog).toContainText(SITZUNGEN_TEXTS.ueberallText);
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await dialog.getByRole('button', { name: SITZUNGEN_TEXTS.ueberallAbmelden }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});
