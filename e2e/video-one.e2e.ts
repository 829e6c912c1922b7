import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import {
  expectReceiving,
  oneOnOneSession,
  patientJoins,
  patientPath,
  therapistPath,
  useVideoBrowser,
} from './support/video.ts';
import { scaled } from './support/slowness.ts';

useVideoBrowser(90_000);

/** Records, in the therapist's page, the system notifications shown and the chimes played (issue 33 item 5). */
function recordSignals() {
  const record = window as unknown as { shownNotifications: string[]; chimes: number };
  record.shownNotifications = [];
  record.chimes = 0;
  const NativeNotification = window.Notification;
  window.Notification = class extends NativeNotification {
    constructor(title: string, options?: NotificationOptions) {
      record.shownNotifications.push(title);
      super(title, options);
    }
  };
  const NativeAudioContext = window.AudioContext;
  window.AudioContext = class extends NativeAudioContext {
    constructor() {
      record.chimes += 1;
      super();
    }
  };
}

const signalsOf = (page: Page) =>
  page.evaluate(() => {
    const record = window as unknown as { shownNotifications: string[]; chimes: number };
    return { notifications: record.shownNotifications, chimes: record.chimes };
  });

/** Serious or critical axe findings of the page as it is painted now. */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Only the session shows: no site header, menus, footer or skip link (the focused room). */
async function expectFocusedRoom(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Videositzung' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sitzung verlassen' })).toBeInViewport();
}

test('one-on-one: waiting room, then each side receives real video frames', async ({ browser }) => {
  const { termin, patient, t, p } = await oneOnOneSession(browser);

  // the therapist waits on the appointments page, with notifications allowed and the page used once (sound)
  await t.context.grantPermissions(['notifications']);
  await t.context.addInitScript(recordSignals);
  const subscribed = t.page
    .waitForEvent('websocket')
    .then((socket) =>
      socket.waitForEvent('framesent', { predicate: ({ payload }) => String(payload).startsWith('SUBSCRIBE') }),
    );
  await t.page.goto('/therapeut/termine');
  await subscribed;
  await t.page.getByRole('heading', { level: 1 }).click();

  // before joining the site frame stays; from "Sitzung beitreten" on only the session shows
  await p.page.goto(patientPath(termin.id));
  await expect(p.page.getByRole('banner')).toBeVisible();
  await p.page.getByRole('button', { name: 'Sitzung beitreten' }).click();
  const waitingRoom = p.page.getByRole('status').filter({ hasText: 'Sie sind im Warteraum.' });
  await expect(waitingRoom).toContainText(`${termin.therapist.name} wurde benachrichtigt, dass Sie im Warteraum sind.`);
  await expectFocusedRoom(p.page);
  expect(await seriousAxeFindings(p.page)).toEqual([]);

  // the therapist hears and sees it on whatever page is open, and goes to the session from the notice
  const notice = t.page.getByRole('status').filter({ hasText: `${patient.name} ist im Warteraum.` });
  await expect(notice).toBeVisible({ timeout: scaled(10_000) });
  expect(await signalsOf(t.page)).toEqual({ notifications: ['Jemand ist im Warteraum'], chimes: 1 });
  await notice.getByRole('link', { name: 'Zur Sitzung' }).click();
  await expect(t.page).toHaveURL(new RegExp(`${therapistPath(termin.id)}$`));

  await expect(waitingRoom).toBeHidden({ timeout: scaled(15_000) });
  await expectReceiving(t.page, patient.id);
  await expectReceiving(p.page, termin.therapist.id);
  await expectFocusedRoom(t.page);
  expect(await seriousAxeFindings(t.page)).toEqual([]);

  // joining is recorded (beigetreten) and so is taking part with the therapist (teilgenommen)
  await expect
    .poll(async () => {
      const { rows } = await sql('select beigetreten, teilgenommen from termin_teilnahme where termin_id = $1', [
        termin.id,
      ]);
      return rows[0] as { beigetreten: boolean; teilgenommen: boolean };
    })
    .toEqual({ beigetreten: true, teilgenommen: true });

  // on a phone: still only the session, nothing wider than the screen, the way out in reach
  await p.page.setViewportSize({ width: 390, height: 844 });
  await expectFocusedRoom(p.page);
  expect(await p.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // leaving asks first; cancelling keeps the session
  await p.page.getByRole('button', { name: 'Sitzung verlassen' }).click();
  const confirm = p.page.getByRole('dialog', { name: 'Sitzung verlassen?' });
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(confirm).toBeHidden();
  await expectReceiving(p.page, termin.therapist.id);
  await p.page.getByRole('button', { name: 'Sitzung verlassen' }).click();
  await confirm.getByRole('button', { name: 'Sitzung verlassen' }).click();
  await expect(p.page.getByRole('dialog', { name: 'Termin beendet' })).toBeVisible();
  await p.page.getByRole('button', { name: 'OK' }).click();
  await expect(p.page).toHaveURL(/\/cockpit$/);
  await expect(p.page.getByRole('banner')).toBeVisible();
  await p.context.close();
  await t.context.close();
});

test('mute is reflected on the other side, a report is raised and ended, the session ends', async ({ browser }) => {
  const { termin, patient, t, p } = await oneOnOneSession(browser);
  await t.page.goto(therapistPath(termin.id));
  await expect(t.page.getByText('Noch keine Teilnehmer in der Sitzung.')).toBeVisible({ timeout: scaled(15_000) });
  await patientJoins(p.page, termin.id);
  await expectReceiving(p.page, termin.therapist.id);

  const member = t.page.locator(`li[data-member-id="${patient.id}"]`);
  await expect(member).toContainText(patient.name);
  await p.page.getByRole('button', { name: 'Mikrofon stummschalten' }).click();
  await expect(member).toContainText('Mikrofon aus');
  await p.page.getByRole('button', { name: 'Mikrofon einschalten' }).click();
  await expect(member).not.toContainText('Mikrofon aus');

  await p.page.getByRole('button', { name: 'Melden' }).click();
  const meldung = t.page.locator(`li[data-meldung-id="${patient.id}"]`);
  await expect(meldung).toContainText(`${patient.name} meldet sich`);
  await t.page.getByRole('button', { name: `Meldung von ${patient.name} beenden` }).click();
  await expect(meldung).toBeHidden();
  await expect(p.page.getByRole('button', { name: 'Melden' })).toHaveAttribute('aria-pressed', 'false');

  // ending for everyone asks first; cancelling keeps the session running
  await t.page.getByRole('button', { name: 'Sitzung beenden' }).click();
  const confirm = t.page.getByRole('dialog', { name: 'Sitzung für alle beenden?' });
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(confirm).toBeHidden();
  await expect(p.page.getByRole('dialog', { name: 'Sitzung beendet' })).toHaveCount(0);
  await t.page.getByRole('button', { name: 'Sitzung beenden' }).click();
  await confirm.getByRole('button', { name: 'Für alle beenden' }).click();
  await expect(p.page.getByRole('dialog', { name: 'Sitzung beendet' })).toBeVisible({ timeout: scaled(15_000) });
  await expect(t.page.getByRole('dialog', { name: 'Sitzung beendet' })).toBeVisible();
  await t.page.getByRole('button', { name: 'OK' }).click();
  await expect(t.page).toHaveURL(/\/therapeut\/termine$/);

  // an ended session cannot be joined again
  await p.page.goto(`/video/therapie/patient/${termin.id}`);
  await expect(p.page.getByRole('alert')).toContainText('Sitzung beendet');
  await p.context.close();
  await t.context.close();
});
