// Video media figure of `npm run bench` (issue 6 "Measured, not asserted"): time from the patient's click on
// "Sitzung beitreten" to the first decoded remote video frame, with two Chromium pages (therapist and patient) of
// this app against the built server, next to a bare RTCPeerConnection loopback in one page of the same browser
// (goal: ≤ 2×). Fake camera and microphone. Figures only, no assertions.
// Needs PostgreSQL (BENCH_DATABASE_URL, default the local one): the appointments are inserted directly.
// Standalone: node scripts/bench-video-media.mjs (after npm run build). BENCH_VIDEO_MEDIA_REPORT writes markdown.
/* global window, document, requestAnimationFrame, RTCPeerConnection, Element -- page.evaluate code runs in the browser */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD, demoServerEnv, withServerOnPostgres } from './bench-lib.mjs';

const RUNS = Number(process.env.BENCH_VIDEO_MEDIA_RUNS ?? 5);
export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export async function query(url, text, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

let accounts = 0;
/** An account with the demo password, a profile name and, for a patient, the demo patient's consents. */
export async function account(dbUrl, role) {
  const email = `bench-${role.toLowerCase()}-${process.pid}-${accounts++}@bench.de`;
  const { rows } = await query(
    dbUrl,
    `insert into benutzer (email, password_hash, rolle, privileges, email_confirmed)
     select $1, password_hash, $2, '{}', true from benutzer where email = 'patient@demo.de' returning id`,
    [email, role],
  );
  const id = rows[0].id;
  await query(
    dbUrl,
    `insert into profil (user_id, vorname, nachname, geburtsdatum) values ($1, 'Bench', $2, '1980-01-01')`,
    [id, role],
  );
  if (role === 'PATIENT') {
    // consented like the demo patient: joining a session waits for the consent to the current texts (einwilligung)
    await query(
      dbUrl,
      `insert into einwilligung (benutzer_id, fassung_id, anlass)
       select $1, e.fassung_id, e.anlass
       from einwilligung e join benutzer b on b.id = e.benutzer_id where b.email = 'patient@demo.de'`,
      [id],
    );
  }
  return { email, id };
}

/** A one-on-one appointment that started a minute ago, with the patient booked. */
async function appointment(dbUrl) {
  const therapist = await account(dbUrl, 'THERAPEUT');
  const patient = await account(dbUrl, 'PATIENT');
  const { rows } = await query(
    dbUrl,
    `insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer, anzahl_teilnehmer, status)
     values (now() - interval '1 minute', 60, 'EINZEL', 'Bench', 'Bench', $1, 1, 1, 'AKTIV') returning id`,
    [therapist.id],
  );
  await query(
    dbUrl,
    `insert into termin_teilnahme (termin_id, patient_user_id, status, zahlungsart) values ($1, $2, 'GEBUCHT', 'ABO')`,
    [rows[0].id, patient.id],
  );
  return { id: rows[0].id, therapist, patient };
}

export async function loggedInPage(browser, base, email) {
  const context = await browser.newContext({ baseURL: base, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('E-Mail').fill(email);
  await dialog.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  return { context, page };
}

/**
 * Clicks `button` and answers the milliseconds, measured in the page, from the click to the first presented frame
 * of the video of `userId` (data-user-id).
 */
export async function clickToFirstFrame(page, button, userId) {
  await page.evaluate((userId) => {
    const bench = {};
    window.__bench = bench;
    document.addEventListener(
      'click',
      (event) => {
        if (event.target instanceof Element && event.target.closest('button')?.textContent?.includes('beitreten'))
          bench.t0 = performance.now();
      },
      true,
    );
    const watch = () => {
      const video = document.querySelector(`video[data-user-id="${userId}"]`);
      if (video && video.srcObject) {
        video.requestVideoFrameCallback((now) => (bench.t1 = now));
        return;
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  }, userId);
  await button.click();
  await page.waitForFunction(() => window.__bench.t1 !== undefined, null, { timeout: 90_000 });
  return page.evaluate(() => window.__bench.t1 - window.__bench.t0);
}

/** Milliseconds from the join click to the first presented frame of the therapist's video, measured in the page. */
async function joinToFirstFrame(browser, base, dbUrl) {
  const termin = await appointment(dbUrl);
  const t = await loggedInPage(browser, base, termin.therapist.email);
  const p = await loggedInPage(browser, base, termin.patient.email);
  try {
    await t.page.goto(`/video/therapie/therapeut/${termin.id}`);
    await t.page.getByText('Noch keine Teilnehmer in der Sitzung.').waitFor();
    await p.page.goto(`/video/therapie/patient/${termin.id}`);
    const join = p.page.getByRole('button', { name: 'Sitzung beitreten' });
    await join.waitFor();
    return await clickToFirstFrame(p.page, join, termin.therapist.id);
  } finally {
    await t.context.close();
    await p.context.close();
  }
}

/**
 * The bare baseline in one page: camera → A → B and back B → A with candidates handed over directly, from the
 * first createOffer to the first presented remote frame (the camera is open before, as on the session page).
 */
async function bareLoopback(browser, base) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/impressum');
  try {
    return await page.evaluate(async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
      const video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      document.body.append(video);
      const t0 = performance.now();
      const a = new RTCPeerConnection();
      const b = new RTCPeerConnection();
      a.onicecandidate = (e) => e.candidate && b.addIceCandidate(e.candidate);
      b.onicecandidate = (e) => e.candidate && a.addIceCandidate(e.candidate);
      for (const track of stream.getTracks()) {
        a.addTrack(track, stream);
        b.addTrack(track, stream);
      }
      const firstFrame = new Promise((resolve) => {
        b.ontrack = (event) => {
          if (event.track.kind !== 'video') return;
          video.srcObject = event.streams[0];
          void video.play();
          video.requestVideoFrameCallback((now) => resolve(now));
        };
      });
      const offer = await a.createOffer();
      await a.setLocalDescription(offer);
      await b.setRemoteDescription(offer);
      const answer = await b.createAnswer();
      await b.setLocalDescription(answer);
      await a.setRemoteDescription(answer);
      const t1 = await firstFrame;
      a.close();
      b.close();
      for (const track of stream.getTracks()) track.stop();
      return t1 - t0;
    });
  } finally {
    await context.close();
  }
}

export const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const f = (v) => v.toLocaleString('de-DE', { maximumFractionDigits: 0 });

export async function runVideoMediaBench() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  try {
    return await withServerOnPostgres(
      demoServerEnv,
      async ({ base, databaseUrl }) => {
        const app = [];
        const bare = [];
        for (let run = 0; run < RUNS; run += 1) {
          bare.push(await bareLoopback(browser, base));
          app.push(await joinToFirstFrame(browser, base, databaseUrl));
        }
        const ratio = median(app) / Math.max(median(bare), 1);
        const lines = [
          `Video media (${RUNS} runs, two Chromium pages, fake media, this machine):`,
          `  join click → first remote frame (app, therapist ↔ patient): median ${f(median(app))} ms, min ${f(Math.min(...app))} ms, max ${f(Math.max(...app))} ms`,
          `  bare RTCPeerConnection loopback (one page):                 median ${f(median(bare))} ms, min ${f(Math.min(...bare))} ms, max ${f(Math.max(...bare))} ms`,
          `  ratio app / bare (median): ${ratio.toLocaleString('de-DE', { maximumFractionDigits: 2 })} (goal ≤ 2)`,
        ];
        if (process.env.BENCH_VIDEO_MEDIA_REPORT) {
          writeFileSync(process.env.BENCH_VIDEO_MEDIA_REPORT, `\`\`\`\n${lines.join('\n')}\n\`\`\`\n`);
        }
        return lines;
      },
      'dihs-bench-media-',
    );
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`\n${(await runVideoMediaBench()).join('\n')}\n`);
}
