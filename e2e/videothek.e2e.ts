import AxeBuilder from '@axe-core/playwright';
import { baseUrl, expect, login, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';

test('an operator creates a video; the library shows our thumbnail and loads the player only on request', async ({
  page,
}) => {
  const fremd: string[] = [];
  const own = new URL(baseUrl()).origin;
  page.on('request', (request) => {
    if (!request.url().startsWith(own) && !request.url().startsWith('data:')) fremd.push(request.url());
  });
  const titel = `Haltung am Schreibtisch ${Date.now() % 100000}`;
  await login(page, 'betreiber@demo.de', { via: 'api', to: '/videos' });
  await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
  await page.getByRole('button', { name: 'Neues Video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues Video' });
  await dialog.getByLabel('Titel').fill(titel);
  await dialog.getByLabel('Kurzbeschreibung').fill('Drei Tipps für einen entspannten Nacken.');
  await dialog.getByLabel('Vimeolink').fill('https://evil.example/1');
  await expect(dialog.getByText('Gültige Url eingeben')).toBeVisible();
  await dialog.getByLabel('Vimeolink').fill('https://vimeo.com/90509568');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('alert').getByText(`Video „${titel}“ wurde angelegt.`)).toBeVisible();

  await page.getByLabel('Videos durchsuchen').fill(titel);
  await page
    .getByRole('list', { name: 'Videos' })
    .getByRole('button', { name: new RegExp(titel) })
    .click();
  const details = page.getByRole('region', { name: titel });
  const play = details.getByRole('button', { name: `Video „${titel}“ von Vimeo abspielen` });
  // our own copy of the thumbnail, served by the platform
  await expect(play).toHaveCSS('background-image', /\/api\/video\/vorschau\/\d+/);
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect(fremd).toEqual([]);

  await play.click();
  await expect(details.locator('iframe')).toHaveAttribute(
    'src',
    /^https:\/\/player\.vimeo\.com\/video\/90509568\?dnt=1/,
  );
});
