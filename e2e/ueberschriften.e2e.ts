import type { Page } from '@playwright/test';
import { baseUrl, expect, login, test } from './support/fixtures.ts';

/** The first family of the computed font and whether a loaded face of "Roboto Condensed" exists in the document. */
async function titleFont(page: Page) {
  const title = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  const family = await title.evaluate((element) => getComputedStyle(element).fontFamily);
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some(
      (face) => face.family.replace(/["']/g, '') === 'Roboto Condensed' && face.status === 'loaded',
    );
  });
  return { first: family.split(',')[0]!.replace(/["']/g, '').trim(), loaded };
}

// issue 32 item 8: one heading style, the spec's Roboto Condensed, bundled and loaded (not a fallback)
test('page titles use the bundled Roboto Condensed on the pages of every role', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  await page.goto('/');
  expect(await titleFont(page)).toEqual({ first: 'Roboto Condensed', loaded: true });

  for (const [email, path, title] of [
    ['betreiber@demo.de', '/betreiber/verwaltung', 'Anwendung verwalten'],
    ['patient@demo.de', '/patient/trainingsplan', /^IHR TRAININGSPLAN/],
    ['therapeut@demo.de', '/therapeut/termine', 'TERMINPLAN'],
  ] as const) {
    await login(page, email, { via: 'api', to: path });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await titleFont(page), path).toEqual({ first: 'Roboto Condensed', loaded: true });
  }
  // the faces come from the app itself, none from a font service
  expect(fonts.some((url) => url.includes('roboto-condensed'))).toBe(true);
  expect(fonts.filter((url) => new URL(url).origin !== new URL(baseUrl()).origin)).toEqual([]);
});
