import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import {
  expectReceiving,
  groupSession,
  oneOnOneSession,
  patientJoins,
  patientPath,
  therapistPath,
  useVideoBrowser,
} from './support/video.ts';
import { scaled } from './support/slowness.ts';

useVideoBrowser(90_000);

test('a locked session refuses a new patient but lets a joined one back in; unlock admits again', async ({
  browser,
}) => {
  const { termin, first, second, t, p1, p2 } = await groupSession(browser);
  await t.page.goto(therapistPath(termin.id));
  await patientJoins(p1.page, termin.id);
  await expectReceiving(t.page, first.id);

  await t.page.getByRole('button', { name: 'Sitzung zuschließen' }).click();
  await expect(t.page.getByRole('button', { name: 'Sitzung aufschließen' })).toBeVisible();

  await p2.page.goto(patientPath(termin.id));
  await expect(p2.page.getByRole('alert')).toContainText('Sitzung gesperrt');

  // the patient who had joined comes back
  await p1.page.reload();
  await p1.page.getByRole('button', { name: 'Sitzung beitreten' }).click();
  await expectReceiving(p1.page, termin.therapist.id);

  await t.page.getByRole('button', { name: 'Sitzung aufschließen' }).click();
  await expect(t.page.getByRole('button', { name: 'Sitzung zuschließen' })).toBeVisible();
  await patientJoins(p2.page, termin.id);
  await expectReceiving(t.page, second.id);
  for (const c of [t, p1, p2]) await c.context.close();
});

test('a kicked patient leaves at once and cannot rejoin', async ({ browser }) => {
  const { termin, patient, t, p } = await oneOnOneSession(browser);
  await t.page.goto(therapistPath(termin.id));
  await patientJoins(p.page, termin.id);
  await expectReceiving(t.page, patient.id);

  await t.page.getByRole('button', { name: `${patient.name} aus der Sitzung entfernen` }).click();
  // removing asks first; the keyboard confirms (Tab from the focused "Abbrechen" to "Entfernen")
  const confirm = t.page.getByRole('dialog', { name: `${patient.name} aus der Sitzung entfernen?` });
  await expect(confirm).toContainText('kann ihr nicht wieder beitreten');
  await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await t.page.keyboard.press('Tab');
  await t.page.keyboard.press('Enter');
  const notice = 'Sie wurden vom Therapeuten aus der Sitzung entfernt.';
  await expect(p.page.getByRole('dialog', { name: notice })).toBeVisible({ timeout: scaled(15_000) });
  await expect(t.page.locator(`video[data-user-id="${patient.id}"]`)).toHaveCount(0, { timeout: scaled(15_000) });

  await p.page.goto(patientPath(termin.id));
  await expect(p.page.getByRole('alert')).toContainText(notice);
  for (const c of [t, p]) await c.context.close();
});

/** The element lies inside the viewport of the unscrolled page. */
async function expectOnScreen(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'sichtbar').not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
}

test('reports in raise order, all on one 1280×800 screen; highlight mutes the others, unmute after it', async ({
  browser,
}) => {
  const { termin, first, second, t, p1, p2 } = await groupSession(browser);
  await t.page.setViewportSize({ width: 1280, height: 800 });
  await t.page.goto(therapistPath(termin.id));
  await patientJoins(p1.page, termin.id);
  await patientJoins(p2.page, termin.id);
  await expectReceiving(t.page, second.id);

  // reports are listed in the order they were raised
  await p2.page.getByRole('button', { name: 'Melden' }).click();
  await expect(t.page.locator(`li[data-meldung-id="${second.id}"]`)).toBeVisible();
  await p1.page.getByRole('button', { name: 'Melden' }).click();
  await expect(t.page.locator('li[data-meldung-id]')).toHaveText([
    new RegExp(`${second.name} meldet sich`),
    new RegExp(`${first.name} meldet sich`),
  ]);

  await t.page.getByRole('button', { name: `${first.name} hervorheben` }).click();
  await expect(p2.page.getByText('Der Therapeut hat Ihr Mikrofon stummgeschaltet.')).toBeVisible();
  await expect(p2.page.getByRole('button', { name: 'Mikrofon vom Therapeuten stummgeschaltet' })).toBeDisabled();
  await expect(p1.page.getByText('Der Therapeut hat Ihr Mikrofon stummgeschaltet.')).toBeHidden();
  const secondRow = t.page.locator(`li[data-member-id="${second.id}"]`);
  await expect(secondRow).toContainText('Mikrofon von Ihnen stummgeschaltet');

  // without scrolling: every picture, the controls and the reports
  await t.page.getByRole('button', { name: 'Raster (18)' }).click();
  await expect(t.page.locator('video')).toHaveCount(3);
  expect(await t.page.evaluate(() => window.scrollY)).toBe(0);
  for (const video of await t.page.locator('video').all()) await expectOnScreen(t.page, video);
  await expectOnScreen(t.page, t.page.getByRole('button', { name: 'Sitzung beenden' }));
  for (const meldung of await t.page.locator('li[data-meldung-id]').all()) await expectOnScreen(t.page, meldung);

  // ending the highlight gives the microphone back
  await t.page.getByRole('button', { name: `Hervorhebung von ${first.name} beenden` }).click();
  await expect(p2.page.getByText('Der Therapeut hat Ihr Mikrofon stummgeschaltet.')).toBeHidden();
  await expect(p2.page.getByRole('button', { name: 'Mikrofon stummschalten' })).toBeEnabled();
  await expect(secondRow).not.toContainText('Mikrofon');
  // an explicit mute, lifted again by the therapist
  await t.page.getByRole('button', { name: `${second.name} stummschalten` }).click();
  await expect(p2.page.getByRole('button', { name: 'Mikrofon vom Therapeuten stummgeschaltet' })).toBeDisabled();
  await t.page.getByRole('button', { name: `Stummschaltung von ${second.name} aufheben` }).click();
  await expect(p2.page.getByRole('button', { name: 'Mikrofon stummschalten' })).toBeEnabled();
  await expect(secondRow).not.toContainText('Mikrofon');

  await settled(t.page);
  const axe = await new AxeBuilder({ page: t.page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  for (const c of [t, p1, p2]) await c.context.close();
});
