import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';

test('an operator downloads the statistics of a date range as CSV', async ({ page }) => {
  await sql(
    `insert into statistik_ereignis (typ, zeitpunkt) values (0, '2026-01-15T10:00:00Z'), (0, '2026-01-15T11:00:00Z')`,
  );
  await login(page, 'betreiber@demo.de', { via: 'api', to: '/betreiber/statistik' });
  await expect(page.getByRole('heading', { level: 1, name: 'Statistik herunterladen' })).toBeVisible();
  await expect(page.getByText('Zeitraum')).toBeVisible();
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  for (const [label, value] of [
    ['Von', '14.01.2026'],
    ['Bis', '16.01.2026'],
  ] as const) {
    const field = page.getByRole('group', { name: label });
    await field.click();
    await page.keyboard.type(value.replaceAll('.', ''));
  }
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Herunterladen' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Statistik2026-01-14_2026-01-16.csv');
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.split('\r\n').slice(0, 2)).toEqual([
    '\uFEFFDatum;Ereignis;Firma;Anzahl',
    '2026-01-15;Trainingsplan angesehen;Alle;2',
  ]);
});
