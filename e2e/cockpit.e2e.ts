import AxeBuilder from '@axe-core/playwright';
import { expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { grantCredit, newPatient, newTermin, uniqueBefund } from './support/termin-helpers.ts';

test.describe('cockpit', () => {
  test('after login a patient lands on the cockpit and every tile link opens a real screen', async ({ page }) => {
    // an axe scan and a visit of every tile's screen (nine and more): beside two other workers on CI's two cores this
    // took just over 30 s in clean-clone runs
    test.slow();
    const patient = await newPatient('Clara', 'Cockpit');
    await sql(
      `update benutzer set firma_id = (select firma_id from benutzer where email = 'firmenpatient@demo.de') where id = $1`,
      [patient.id],
    );
    await grantCredit(patient.id, 'bezahltEinzelTermin', 2);
    // an appointment starting in five minutes: inside its session window
    const befund = uniqueBefund('Cockpit');
    const terminId = await newTermin(befund, 5);
    await sql(
      `insert into termin_teilnahme (termin_id, patient_user_id, status, zahlungsart) values ($1, $2, 'GEBUCHT', 'GUTHABEN')`,
      [terminId, patient.id],
    );

    // no `to`: the login lands where the role's home page is
    await login(page, patient.email, { via: 'api' });
    await expect(page).toHaveURL('/cockpit');
    await expect(page.getByRole('heading', { level: 1, name: 'Cockpit' })).toBeVisible();
    const tiles = page.getByRole('list', { name: 'Kacheln' });
    await expect(tiles.getByRole('link', { name: /^Guten (Morgen|Tag|Abend), Clara Cockpit/ })).toBeVisible();
    await expect(tiles.getByRole('link', { name: 'Ihr Guthaben Guthaben kaufen' })).toContainText(
      'Einzeltermine (bezahlt): 2',
    );
    await expect(tiles.getByRole('link', { name: 'Ihr Abo Abo buchen' })).toContainText('Kein Abo gebucht');
    await expect(tiles.getByRole('link', { name: /^Ihr Arbeitgeber/ })).toContainText('Demo GmbH');
    const naechster = tiles.getByRole('link', { name: 'Ihr nächster Termin Sitzung beitreten' });
    await expect(naechster).toContainText(befund);
    await expect(naechster).toHaveAttribute('href', `/video/therapie/patient/${terminId}`);
    await expect(tiles.getByRole('link', { name: 'Verbindungstest' })).toBeVisible();

    await settled(page);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // every tile is one link to a built screen (the video session has its own tests: only its address is checked)
    const links = tiles.getByRole('link');
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThanOrEqual(8);
    for (const [index, href] of hrefs.entries()) {
      if (href.startsWith('/video/')) continue;
      await links.nth(index).click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByText('Funktion nicht verfügbar')).toHaveCount(0);
      // a history step inside the app: its own navigation, no new load event to wait for; the heading below is the check
      await page.goBack({ waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: 'Cockpit' })).toBeVisible();
    }
  });
});
