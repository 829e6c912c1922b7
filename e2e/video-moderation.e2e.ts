import { expect, test } from './support/fixtures.ts';
import {
  expectReceiving,
  groupSession,
  oneOnOneSession,
  patientJoins,
  patientPath,
  therapistPath,
  useVideoBrowser,
} from './support/video.ts';

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
  const notice = 'Sie wurden vom Therapeuten aus der Sitzung entfernt.';
  await expect(p.page.getByRole('dialog', { name: notice })).toBeVisible({ timeout: 15_000 });
  await expect(t.page.locator(`video[data-user-id="${patient.id}"]`)).toHaveCount(0, { timeout: 15_000 });

  await p.page.goto(patientPath(termin.id));
  await expect(p.page.getByRole('alert')).toContainText(notice);
  for (const c of [t, p]) await c.context.close();
});

test('reports are listed in raise order; highlighting a participant mutes the others', async ({ browser }) => {
  const { termin, first, second, t, p1, p2 } = await groupSession(browser);
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
  await expect(t.page.locator(`li[data-member-id="${second.id}"]`)).toContainText('Mikrofon aus');
  for (const c of [t, p1, p2]) await c.context.close();
});
