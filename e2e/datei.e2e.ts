import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { scaled } from './support/slowness.ts';

/** A small PNG, made for the test. */
const png = () =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: '#36a' } })
    .png()
    .toBuffer();

test('an operator uploads an image and uses it as a content page image', async ({ page }) => {
  // an upload, the page editor's own chunk and a save: more steps than most tests, not longer waits
  test.setTimeout(scaled(60_000));
  const url = `e2e-datei-${process.pid}-${Date.now()}`;
  await sql(`insert into seite (url, titel, inhalt, statisch) values ($1, $2, $3, true)`, [
    url,
    'Bilderseite',
    '<p>Text</p>',
  ]);
  const name = `praxis-${Date.now()}.png`;

  await login(page, 'betreiber@demo.de', { via: 'api', to: '/betreiber/upload' });
  await expect(page.getByRole('heading', { level: 1, name: 'Dateien hochladen' })).toBeVisible();
  await page.getByRole('button', { name: 'Neue Datei hochladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Datei hochladen' });
  await dialog.locator('input[type=file]').setInputFiles([{ name, mimeType: 'image/png', buffer: await png() }]);
  await dialog.getByLabel('Beschreibung').fill('Blick in die Praxis');
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Hochladen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').getByText(`Datei „${name}“ wurde hochgeladen.`)).toBeVisible();

  const table = page.getByRole('table', { name: 'Hochgeladene Dateien' });
  for (const column of ['Dateiname', 'Beschreibung', 'Dateipfad']) {
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Blick in die Praxis')).toBeVisible();
  const pfad = await row.getByRole('link').textContent();
  expect(pfad).toMatch(/^\/api\/files\/\d+-praxis-\d+\.png$/);
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.goto(`/inhalt/${url}`);
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const form = page.getByRole('form', { name: 'Seite bearbeiten' });
  await form.getByLabel('Hochgeladenes Bild wählen').selectOption({ label: `${name} – Blick in die Praxis` });
  await expect(form.getByLabel('Bild', { exact: true })).toHaveValue(pfad!);
  await form.getByRole('button', { name: 'Speichern' }).click();
  const bild = page.getByRole('main').locator(`img[src="${pfad}"]`);
  await expect(bild).toBeVisible();
  expect(await bild.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(12);
});
