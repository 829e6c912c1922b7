import { privilegeCode } from '@dihs/contract/common/roles';
import { createAccount, expect, login, sql, test } from './support/fixtures.ts';

test('an operator maintains the Befunde list and a general setting (/betreiber/verwaltung)', async ({ page }) => {
  const operator = await createAccount('BETREIBER', [privilegeCode('ANWENDUNG_VERWALTEN')]);
  const befund = `E2E Befund ${Date.now() % 100000}`;
  const geaendert = `${befund} neu`;
  await login(page, operator, { via: 'api', to: '/betreiber/verwaltung' });
  await expect(page.getByRole('heading', { level: 1, name: 'Anwendung verwalten' })).toBeVisible();
  const befunde = page.getByRole('region', { name: 'Befunde' });
  await expect(befunde.getByLabel('Befund', { exact: true }).first()).toHaveValue('Rückenschmerzen');

  // a new entry in the empty field; too long first shows the rule message
  const neu = befunde.getByLabel('Neuer Eintrag: Befund');
  await neu.fill('x'.repeat(31));
  await expect(befunde.getByText('Ein Befund hat höchstens 30 Zeichen.')).toBeVisible();
  await neu.fill(befund);
  await neu.press('Enter');
  await expect(befunde.locator(`input[value="${befund}"]`)).toBeVisible();
  await expect(page.getByRole('alert').getByText(`Befund „${befund}“ wurde angelegt.`)).toBeVisible();
  await expect(neu).toHaveValue('');
  // Enter saved once: the blur of the field (disabled while saving) did not save it a second time
  const saved = await sql(`select count(*)::int as n from verwaltung_eintrag where value = $1`, [befund]);
  expect(saved.rows[0]?.n).toBe(1);

  // edit in place: leaving the field saves
  // entries are in creation order, so the new one is the last; Tab leaves the field
  const feld = befunde.getByLabel('Befund', { exact: true }).last();
  await expect(feld).toHaveValue(befund);
  await feld.fill(geaendert);
  await feld.press('Tab');
  await expect(befunde.locator(`input[value="${geaendert}"]`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Befunde' }).locator(`input[value="${geaendert}"]`)).toBeVisible();

  // delete icon
  await page.getByRole('button', { name: `Befund „${geaendert}“ löschen` }).click();
  await expect(page.getByRole('region', { name: 'Befunde' }).locator(`input[value="${geaendert}"]`)).toHaveCount(0);

  // a general setting: revert, then confirm
  const sonstige = page.getByRole('region', { name: 'Sonstige Einstellungen' });
  // each setting under its German name, never its key
  await expect(sonstige.getByRole('textbox', { name: 'Preis Einzeltermin (Kartenzahlung)' })).toHaveValue(/^\d/);
  await expect(sonstige.getByText('TERMINPREIS_EINZEL')).toHaveCount(0);
  const hinweis = sonstige.getByRole('textbox', { name: 'Hinweis zur Terminvorbereitung' });
  const original = await hinweis.inputValue();
  await hinweis.fill('Geänderter Hinweis');
  await sonstige.getByRole('button', { name: 'Hinweis zur Terminvorbereitung zurücksetzen' }).click();
  await expect(hinweis).toHaveValue(original);
  await hinweis.fill(`${original} (E2E)`);
  await sonstige.getByRole('button', { name: 'Hinweis zur Terminvorbereitung speichern' }).click();
  // the button is disabled while the save runs as well as after it: the stored value is what tells it landed
  await expect(sonstige.getByRole('button', { name: 'Hinweis zur Terminvorbereitung speichern' })).toBeDisabled();
  const stored = async () =>
    (await sql(`select value from verwaltung_eintrag where type = 'TERMIN_HINWEIS'`)).rows[0]?.value as string;
  await expect.poll(stored).toBe(`${original} (E2E)`);
  await expect(page.getByRole('alert').getByText('„Hinweis zur Terminvorbereitung“ wurde gespeichert.')).toBeVisible();
  await sql(`update verwaltung_eintrag set value = $1 where type = 'TERMIN_HINWEIS'`, [original]);
});
