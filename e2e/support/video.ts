import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { ServerMessage } from '@dihs/contract/video';
import { FAKE_MEDIA_LAUNCH } from '../playwright.config.ts';
import { createAccount, expect, login, sql, test } from './fixtures.ts';
import { scaled } from './slowness.ts';

/** Every test of the calling file runs in the fake-media Chromium, with a timeout that fits WebRTC set-up. */
export function useVideoBrowser(timeout: number): void {
  test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
  test.describe.configure({ timeout: scaled(timeout) });
}

/** The calling file's tests meet through Janus (four to six browsers each); skipped where Janus is not installed. */
export function useSfuBrowser(): void {
  useVideoBrowser(240_000);
  test.skip(!process.env.E2E_SERVER_ENV?.includes('JANUS_WS_URL'), 'Janus ist nicht installiert');
}

export interface Person {
  email: string;
  id: number;
  name: string;
}

let counter = 0;
/** A fresh account with a profile name, so the session shows who is who. */
export async function person(role: 'THERAPEUT' | 'PATIENT', vorname: string): Promise<Person> {
  const email = await createAccount(role);
  const nachname = `Test${process.pid}x${counter++}`;
  const { rows } = await sql(
    `insert into profil (user_id, vorname, nachname, geburtsdatum)
     select id, $2, $3, '1980-01-01' from benutzer where email = $1 returning user_id`,
    [email, vorname, nachname],
  );
  return { email, id: (rows[0] as { user_id: number }).user_id, name: `${vorname} ${nachname}` };
}

export interface SessionTermin {
  id: number;
  therapist: Person;
  patients: Person[];
}

/**
 * An active appointment of a fresh therapist with fresh patients booked (GEBUCHT), starting `startInMinutes` from
 * now (the session window opens 10 minutes before the start).
 */
export async function sessionTermin(
  options: { gruppe?: boolean; patients?: number; everyoneView?: boolean; startInMinutes?: number } = {},
): Promise<SessionTermin> {
  const { gruppe = false, patients: count = 1, everyoneView = false, startInMinutes = 2 } = options;
  const therapist = await person('THERAPEUT', 'Thea');
  const patients: Person[] = [];
  for (let i = 0; i < count; i++) patients.push(await person('PATIENT', `Pat${i + 1}`));
  const { rows } = await sql(
    `insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer,
       anzahl_teilnehmer, status, everyone_view)
     values (now() + make_interval(mins => $1), 60, $2, 'Rücken', 'Videotest', $3, $4, $5, 'AKTIV', $6)
     returning id`,
    [startInMinutes, gruppe ? 'GRUPPE' : 'EINZEL', therapist.id, gruppe ? Math.max(count, 2) : 1, count, everyoneView],
  );
  const id = (rows[0] as { id: number }).id;
  for (const patient of patients) {
    await sql(
      `insert into termin_teilnahme (termin_id, patient_user_id, status, zahlungsart) values ($1, $2, 'GEBUCHT', 'ABO')`,
      [id, patient.id],
    );
  }
  return { id, therapist, patients };
}

/** A browser context of its own (own storage, own session), logged in. */
export async function loggedIn(
  browser: Browser,
  who: Person,
  baseURL?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL ?? process.env.E2E_BASE_URL, locale: 'de-DE' });
  const page = await context.newPage();
  await login(page, who.email, { via: 'api' });
  return { context, page };
}

type LoggedIn = Awaited<ReturnType<typeof loggedIn>>;

/** A one-on-one appointment (see sessionTermin); therapist and patient logged in, the patient optionally elsewhere. */
export async function oneOnOneSession(
  browser: Browser,
  patientBaseUrl?: string,
): Promise<{ termin: SessionTermin; patient: Person; t: LoggedIn; p: LoggedIn }> {
  const termin = await sessionTermin();
  const patient = termin.patients[0]!;
  const t = await loggedIn(browser, termin.therapist);
  const p = await loggedIn(browser, patient, patientBaseUrl);
  return { termin, patient, t, p };
}

/** A group appointment with two patients (see sessionTermin); the therapist and both patients logged in. */
export async function groupSession(
  browser: Browser,
  options: { everyoneView?: boolean } = {},
): Promise<{ termin: SessionTermin; first: Person; second: Person; t: LoggedIn; p1: LoggedIn; p2: LoggedIn }> {
  const termin = await sessionTermin({ gruppe: true, patients: 2, ...options });
  const [first, second] = termin.patients as [Person, Person];
  const t = await loggedIn(browser, termin.therapist);
  const p1 = await loggedIn(browser, first);
  const p2 = await loggedIn(browser, second);
  return { termin, first, second, t, p1, p2 };
}

export const patientPath = (id: number) => `/video/therapie/patient/${id}`;
export const therapistPath = (id: number) => `/video/therapie/therapeut/${id}`;

/** The patient opens the session and joins; the waiting room or the conference follows. */
export async function patientJoins(page: Page, terminId: number): Promise<void> {
  await page.goto(patientPath(terminId));
  await page.getByRole('button', { name: 'Sitzung beitreten' }).click();
}

/** Frames decoded so far by the video element of a peer (0 while it has none). */
export async function decodedFrames(page: Page, userId: number): Promise<number> {
  const video = page.locator(`video[data-user-id="${userId}"]`);
  if ((await video.count()) === 0) return 0;
  return video.first().evaluate((element: HTMLVideoElement) => element.getVideoPlaybackQuality().totalVideoFrames);
}

/** The peer's video receives real frames: the decoded frame count is above zero and still grows. */
export async function expectReceiving(page: Page, userId: number): Promise<void> {
  await expect.poll(() => decodedFrames(page, userId), { timeout: scaled(25_000) }).toBeGreaterThan(0);
  const first = await decodedFrames(page, userId);
  await expect.poll(() => decodedFrames(page, userId), { timeout: scaled(10_000) }).toBeGreaterThan(first);
}

/**
 * The patient raises a hand, the therapist sees it and ends the session for everyone: the patient is told. The
 * messages of both directions, which a session across instances must carry between them.
 */
export async function raiseHandThenEndForAll(therapist: Page, patient: Page, patientId: number): Promise<void> {
  await patient.getByRole('button', { name: 'Melden' }).click();
  await expect(therapist.locator(`li[data-meldung-id="${patientId}"]`)).toBeVisible();
  await therapist.getByRole('button', { name: 'Sitzung beenden' }).click();
  await therapist
    .getByRole('dialog', { name: 'Sitzung für alle beenden?' })
    .getByRole('button', { name: 'Für alle beenden' })
    .click();
  await expect(patient.getByRole('dialog', { name: 'Sitzung beendet' })).toBeVisible({ timeout: scaled(15_000) });
}

/** The server's messages to this page from now on (read off the STOMP frames of its WebSockets). */
export function serverMessages(page: Page): ServerMessage[] {
  const messages: ServerMessage[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      if (!text.startsWith('MESSAGE')) return;
      const body = text.slice(text.indexOf('\n\n') + 2).replace(/\0$/, '');
      messages.push(JSON.parse(body) as ServerMessage);
    });
  });
  return messages;
}
