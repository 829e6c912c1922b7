import { DEMO_PASSWORD, expect, login, test } from './support/fixtures.ts';
import {
  expectReceiving,
  loggedIn,
  patientPath,
  sessionTermin,
  therapistPath,
  useVideoBrowser,
} from './support/video.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { authEndpoints } from '@dihs/contract/auth';
import { scaled } from './support/slowness.ts';

useVideoBrowser(60_000);

test('the connection test succeeds through the real signaling and media path', async ({ page }) => {
  await login(page, 'patient@demo.de', { via: 'api', to: '/verbindungstest' });
  await expect(page.getByText('Verbindung erfolgreich')).toBeVisible({ timeout: scaled(30_000) });
  // success means pictures on screen both ways, and they keep running under the success message
  for (const label of ['Empfangenes Bild', 'Rückkanal']) {
    const video = page.getByLabel(label, { exact: true });
    const shown = () => video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);
    const first = await shown();
    expect(first).toBeGreaterThan(0);
    await expect.poll(shown).toBeGreaterThan(first);
  }
  const links = page.getByRole('navigation', { name: 'Weiterführende Seiten' });
  await expect(links.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/kontakt');
  await expect(links.getByRole('link', { name: 'Sturzprävention' })).toHaveAttribute('href', '/sturz');
  await expect(links.getByRole('link', { name: 'Cockpit' })).toHaveAttribute('href', '/cockpit');
  await page.getByRole('button', { name: 'Test beenden' }).click();
  await expect(page.getByRole('dialog', { name: 'Verbindungstest beendet' })).toBeVisible();
});

test('a connection test whose back channel stays black fails and says so; retest and a message', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  // the answering connection sends nothing back: the picture arrives, the Rückkanal stays black
  await page.addInitScript(() => {
    const setRemote = Object.getOwnPropertyDescriptor(RTCPeerConnection.prototype, 'setRemoteDescription')!.value as (
      this: RTCPeerConnection,
      description?: RTCSessionDescriptionInit,
    ) => Promise<void>;
    RTCPeerConnection.prototype.setRemoteDescription = async function (
      this: RTCPeerConnection,
      description?: RTCSessionDescriptionInit,
    ) {
      await setRemote.call(this, description);
      if (description?.type === 'offer') for (const sender of this.getSenders()) await sender.replaceTrack(null);
    };
  });
  await login(page, 'patient@demo.de', { via: 'api', to: '/verbindungstest' });
  const failed = page.getByRole('alert').filter({ hasText: 'Verbindung fehlgeschlagen' });
  await expect(failed).toBeVisible({ timeout: scaled(40_000) });
  await expect(failed).toContainText('Rückkanal: Es kamen keine Videobilder an.');
  await expect(failed).not.toContainText('Empfangenes Bild');
  await expect(page.getByText('Verbindung erfolgreich')).toHaveCount(0);

  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nachricht an den Betreiber' });
  await dialog.getByLabel('Ihre Nachricht').fill('Kein Bild beim Verbindungstest.');
  await dialog.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByText('Ihr Feedback wurde erfolgreich verschickt')).toBeVisible();

  await page.getByRole('button', { name: 'Erneut testen' }).click();
  await expect(page.getByText('Verbindung wird getestet …')).toBeVisible();
});

test('outside the time window the session is refused', async ({ browser }) => {
  const termin = await sessionTermin({ startInMinutes: 60 });
  const p = await loggedIn(browser, termin.patients[0]!);
  await p.page.goto(patientPath(termin.id));
  await expect(p.page.getByRole('alert')).toContainText('Sitzung derzeit nicht Verfügbar');
  const t = await loggedIn(browser, termin.therapist);
  await t.page.goto(therapistPath(termin.id));
  await expect(t.page.getByRole('alert')).toContainText('Sitzung derzeit nicht Verfügbar');
  for (const c of [t, p]) await c.context.close();
});

test('a camera that cannot be opened shows the camera error', async ({ browser }) => {
  const termin = await sessionTermin();
  const p = await loggedIn(browser, termin.patients[0]!);
  await p.context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('belegt', 'NotReadableError'));
  });
  await p.page.goto(patientPath(termin.id));
  await expect(p.page.getByRole('alert')).toContainText('Fehler beim Zugriff auf die Kamera');
  await expect(p.page.getByRole('alert')).toContainText('Bitte schließen Sie andere Programme');
  await p.context.close();
});

test('refusals: wrong role, another therapist, not booked, unknown session', async ({ browser }) => {
  const termin = await sessionTermin();
  const other = await sessionTermin();
  const t = await loggedIn(browser, termin.therapist);
  await t.page.goto(patientPath(termin.id));
  await expect(t.page.getByRole('dialog', { name: 'Unberechtigter Zugriff!' })).toBeVisible();
  await expect(t.page).toHaveURL(/\/$/, { timeout: scaled(10_000) });

  await t.page.goto(therapistPath(other.id));
  await expect(t.page.getByRole('alert')).toContainText('Diese Sitzung wird nicht von Ihnen durchgeführt.');
  await expect(t.page).toHaveURL(/\/therapeut\/termine$/, { timeout: scaled(10_000) });

  const p = await loggedIn(browser, termin.patients[0]!);
  await p.page.goto(patientPath(other.id));
  await expect(p.page.getByRole('alert')).toContainText('Sie sind für diesen Termin nicht gebucht.');
  await p.page.goto(patientPath(2_000_000_000));
  await expect(p.page.getByRole('alert')).toContainText('Sitzung nicht Verfügbar');
  for (const c of [t, p]) await c.context.close();
});

test('app mode: embedded in a frame, the bearer in the path logs in and the session works', async ({
  browser,
  request,
}) => {
  const termin = await sessionTermin();
  const [patient] = termin.patients;
  const t = await loggedIn(browser, termin.therapist);
  await t.page.goto(therapistPath(termin.id));

  const response = await request.post(apiUrl(authEndpoints.anmelden), {
    data: { email: patient!.email, password: DEMO_PASSWORD, secondFactorCode: '' },
  });
  const { token } = (await response.json()) as { token: string };
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'de-DE' });
  const host = await context.newPage();
  // the embedding page: same origin, so FRAME_ANCESTORS 'self' allows it
  await host.goto('/impressum');
  await host.evaluate((src) => {
    document.body.innerHTML = '';
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.allow = 'camera; microphone; autoplay';
    frame.style.width = '1000px';
    frame.style.height = '800px';
    document.body.append(frame);
  }, `/video/therapie/app/patient/${termin.id}/${token}`);
  const app = host.frameLocator('iframe');
  await expect(app.getByRole('heading', { level: 1 })).toHaveText('Videositzung');
  await expect(app.getByRole('banner')).toHaveCount(0);
  await expect(app.getByRole('contentinfo')).toHaveCount(0);
  await app.getByRole('button', { name: 'Sitzung beitreten' }).click();
  await expectReceiving(t.page, patient!.id);
  await context.close();
  await t.context.close();
});
