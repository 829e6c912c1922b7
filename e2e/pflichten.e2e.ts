import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { ZWEITER_FAKTOR_PFLICHT_TEXT } from '@dihs/contract/auth';
import { EINWILLIGUNG_TEXTS } from '@dihs/contract/einwilligung';
import { DEMO_PASSWORD, createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { startBuiltServer } from './support/server-process.ts';
import { scaled } from './support/slowness.ts';

/** Two duties that hold a session until they are answered (issue 18, items 12 and 14). */

async function expectNoSeriousAxeViolation(page: Page) {
  await settled(page);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('an operator without a second factor is led through its set-up before anything else', async ({ page }) => {
  // The run's server requires no second factor (its tests log in as the demo operator); a second instance on the
  // same database requires it of operators, as a production server on a database server does by default.
  test.setTimeout(scaled(60_000));
  const shared = JSON.parse(process.env.E2E_SERVER_ENV ?? '{}') as Record<string, string>;
  const server = await startBuiltServer('Server mit Zwei-Faktor-Pflicht', {
    ...shared,
    REQUIRE_2FA_ROLES: 'BETREIBER',
  });
  try {
    const email = await createAccount('BETREIBER');
    await page.goto(`${server.baseUrl}/`);
    await login(page, email);
    const heading = page.getByRole('heading', { name: 'Zwei-Faktor-Authentisierung einrichten' });
    await expect(heading).toBeVisible();
    await expect(page.getByText(ZWEITER_FAKTOR_PFLICHT_TEXT)).toBeVisible();
    // another page shows the set-up too: nothing else is usable before it
    await page.goto(`${server.baseUrl}/profil`);
    await expect(heading).toBeVisible();
    await expectNoSeriousAxeViolation(page);

    await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
    const secret = (await page.getByTestId('second-factor-key').textContent())?.trim() ?? '';
    await page.getByLabel('6-stelliger Code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Aktivieren' }).click();

    // the session goes on without the duty: the profile shows the factor as active
    await expect(heading).toBeHidden();
    const row = page.getByRole('heading', { name: 'Zwei-Faktor-Authentisierung' }).locator('..');
    await expect(row).toContainText('Aktiviert');
  } finally {
    await server.stop();
  }
});

test('a patient whose consent text changed consents again before anything else', async ({ page }) => {
  // The state after an operator published a changed "Nutzungsbestimmungen": the patient's consent names an older
  // version than the page's. Made for this patient alone, so the run's other patients stay consented; the
  // operator's save itself is covered by einwilligung.int.test.ts.
  const email = await createAccount('PATIENT');
  const { rows } = await sql(
    `insert into einwilligung_fassung (seite_url, fassung, titel, inhalt, stand)
     values ('nutzungsbestimmungen', md5(random()::text) || md5(random()::text), 'Nutzungsbestimmungen',
             '<p>Frühere Fassung</p>', now() - interval '30 days')
     returning id`,
  );
  await sql(
    `update einwilligung set fassung_id = $1
     where benutzer_id = (select id from benutzer where email = $2)
       and fassung_id in (select id from einwilligung_fassung where seite_url = 'nutzungsbestimmungen')`,
    [(rows[0] as { id: number }).id, email],
  );

  await page.goto('/');
  await login(page, email);
  const dialog = page.getByRole('dialog', { name: EINWILLIGUNG_TEXTS.dialogTitel });
  await expect(dialog).toContainText(EINWILLIGUNG_TEXTS.dialogEinleitung);
  // only the changed text is asked for, linked to the page
  await expect(dialog.getByRole('link')).toHaveCount(1);
  await expect(dialog.getByRole('link', { name: 'Nutzungsbestimmungen' })).toHaveAttribute(
    'href',
    '/nutzungsbestimmungen',
  );
  await expectNoSeriousAxeViolation(page);

  const zustimmen = dialog.getByRole('button', { name: EINWILLIGUNG_TEXTS.zustimmen });
  await expect(zustimmen).toBeDisabled();
  await dialog.getByLabel(EINWILLIGUNG_TEXTS.checkbox).check();
  await zustimmen.click();
  await expect(dialog).toBeHidden();

  // the profile shows the new consent as current and the earlier one as an older version
  await page.goto('/profil');
  const table = page.getByRole('table', { name: EINWILLIGUNG_TEXTS.ueberschrift });
  await expect(table.getByRole('row', { name: /Erneute Zustimmung nach Änderung/ })).toContainText(
    EINWILLIGUNG_TEXTS.aktuell,
  );
  await expect(table.getByRole('row', { name: /Nutzungsbestimmungen.*Registrierung/ })).toContainText(
    EINWILLIGUNG_TEXTS.aelter,
  );
  await expect(page.getByRole('dialog', { name: EINWILLIGUNG_TEXTS.dialogTitel })).toHaveCount(0);
});
