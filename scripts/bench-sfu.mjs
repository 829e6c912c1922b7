// SFU figures of `npm run bench` (issue 17 "Measured, not asserted"): a group of 8 (therapist and 7 patients, every
// patient sees everyone) once peer-to-peer (mesh: SFU_FROM_PARTICIPANTS above the group) and once through Janus
// (scripts/janus.mjs), in one Chromium with one context per participant (8 browsers would not fit 2 cores), fake
// camera at 320×240 and 15 fps. Per mode: join click → first frame of the therapist for each patient, upload per
// participant (outbound-rtp bytes of all its connections over the window), the CPU of one participant's renderer
// (CDP Performance metric ProcessTime) and of the whole Chromium (/proc), and with Janus its CPU per forwarded stream
// (/proc of janus over the window / the inbound streams that grew in all pages). Figures only, no assertions.
// Needs PostgreSQL (BENCH_DATABASE_URL) and Janus (installed from Debian when missing).
// Standalone: node scripts/bench-sfu.mjs (after npm run build). BENCH_SFU_SECONDS sets the window (default 10).
/* global window, document -- page.evaluate code runs in the browser */
import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { cpuSeconds, demoServerEnv, withServerOnPostgres } from './bench-lib.mjs';
import {
  account,
  CHROMIUM,
  clickToFirstFrame,
  LAUNCH_ARGS,
  loggedInPage,
  median,
  query,
} from './bench-video-media.mjs';
import { ensureJanus, janusServerEnv, startJanus } from './janus.mjs';

const PATIENTS = 7;
const WINDOW_S = Number(process.env.BENCH_SFU_SECONDS ?? 10);

/** A group appointment that started a minute ago, every patient booked, every patient sees everyone. */
async function groupAppointment(dbUrl) {
  const therapist = await account(dbUrl, 'THERAPEUT');
  const patients = [];
  for (let i = 0; i < PATIENTS; i += 1) patients.push(await account(dbUrl, 'PATIENT'));
  const { rows } = await query(
    dbUrl,
    `insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer,
       anzahl_teilnehmer, status, everyone_view)
     values (now() - interval '1 minute', 60, 'GRUPPE', 'Bench', 'Bench', $1, $2, $2, 'AKTIV', true) returning id`,
    [therapist.id, PATIENTS],
  );
  for (const patient of patients) {
    await query(
      dbUrl,
      `insert into termin_teilnahme (termin_id, patient_user_id, status, zahlungsart) values ($1, $2, 'GEBUCHT', 'ABO')`,
      [rows[0].id, patient.id],
    );
  }
  return { id: rows[0].id, therapist, patients };
}

/**
 * In every document of the context: the camera asked for at 320×240 and 15 fps (the app asks for the default, 640×480
 * at 30), and every RTCPeerConnection kept in window.__pcs (janus.js keeps its own to itself) for getStats.
 */
function pageSetup() {
  const devices = navigator.mediaDevices;
  const getUserMedia = devices.getUserMedia.bind(devices);
  devices.getUserMedia = (constraints) =>
    getUserMedia(
      constraints?.video ? { ...constraints, video: { width: 320, height: 240, frameRate: 15 } } : constraints,
    );
  const connections = [];
  window.__pcs = connections;
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(...args) {
      super(...args);
      connections.push(this);
    }
  };
}

/** Bytes per outbound-rtp stream (sent, video ones also in video) and per inbound-rtp stream of the page (by id). */
const rtpCounters = (page) =>
  page.evaluate(async () => {
    const sent = {};
    const video = {};
    const received = {};
    for (const [index, pc] of window.__pcs.entries()) {
      if (pc.connectionState === 'closed') continue;
      for (const s of (await pc.getStats()).values()) {
        const id = `${index}/${s.id}`;
        if (s.type === 'outbound-rtp') sent[id] = s.bytesSent ?? 0;
        if (s.type === 'outbound-rtp' && s.kind === 'video') video[id] = s.bytesSent ?? 0;
        if (s.type === 'inbound-rtp') received[id] = s.bytesReceived ?? 0;
      }
    }
    return { sent, video, received };
  });

/** Sum of the byte counts gained between two snapshots, and how many of the streams gained at all. */
function gained(before, after) {
  let bytes = 0;
  let streams = 0;
  for (const [id, value] of Object.entries(after)) {
    const delta = value - (before[id] ?? 0);
    bytes += Math.max(delta, 0);
    if (delta > 0) streams += 1;
  }
  return { bytes, streams };
}

/** Others whose video this page has decoded frames of. */
const othersReceived = (page, ids) =>
  page.evaluate(
    (ids) =>
      ids.filter((id) => {
        const video = document.querySelector(`video[data-user-id="${id}"]`);
        return video && video.getVideoPlaybackQuality().totalVideoFrames > 0;
      }).length,
    ids,
  );

/** The renderer's CPU seconds so far (CDP Performance metric ProcessTime of the page's process). */
async function rendererCpu(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ProcessTime')?.value ?? NaN;
}

/** CPU seconds of every Chromium process below this one (browser, renderers, GPU, network, ...). */
function chromiumCpu() {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid) => {
    for (let p = parents.get(pid); p; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const pid of parents.keys()) {
    try {
      if (below(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) total += cpuSeconds(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** One group session in one mode; answers the figures of the mode. */
async function measureMode(browser, base, dbUrl, janusPid) {
  const termin = await groupAppointment(dbUrl);
  const members = [termin.therapist, ...termin.patients];
  const pages = [];
  try {
    for (const member of members) {
      const logged = await loggedInPage(browser, base, member.email);
      await logged.context.addInitScript(pageSetup);
      pages.push(logged);
    }
    const [t, ...ps] = pages;
    await t.page.goto(`/video/therapie/therapeut/${termin.id}`);
    await t.page.getByText('Noch keine Teilnehmer in der Sitzung.').waitFor();
    const joins = [];
    for (const p of ps) {
      await p.page.goto(`/video/therapie/patient/${termin.id}`);
      const join = p.page.getByRole('button', { name: 'Sitzung beitreten' });
      // the page's connection test runs first; on a loaded machine it takes a while
      await join.waitFor({ timeout: 120_000 });
      // a join without a frame within clickToFirstFrame's 90 s is counted as such, not measured
      joins.push(await clickToFirstFrame(p.page, join, termin.therapist.id).catch(() => null));
    }
    // until everyone decodes everyone (or a minute passed: then the figures say how many pairs came up)
    const ids = members.map((m) => m.id);
    let pairs = 0;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const counts = await Promise.all(
        pages.map((p, i) =>
          othersReceived(
            p.page,
            ids.filter((_, j) => j !== i),
          ),
        ),
      );
      pairs = counts.reduce((sum, n) => sum + n, 0);
      if (pairs === members.length * (members.length - 1)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await new Promise((r) => setTimeout(r, 2000));

    const cdp = await t.context.newCDPSession(t.page);
    await cdp.send('Performance.enable');
    const before = await Promise.all(pages.map((p) => rtpCounters(p.page)));
    const rendererBefore = await rendererCpu(cdp);
    const chromiumBefore = chromiumCpu();
    const janusBefore = janusPid ? cpuSeconds(janusPid) : 0;
    const started = Date.now();
    await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
    const after = await Promise.all(pages.map((p) => rtpCounters(p.page)));
    const seconds = (Date.now() - started) / 1000;
    const renderer = (await rendererCpu(cdp)) - rendererBefore;
    const chromium = chromiumCpu() - chromiumBefore;
    const janus = janusPid ? cpuSeconds(janusPid) - janusBefore : NaN;

    const uploads = after.map((a, i) => (gained(before[i].sent, a.sent).bytes * 8) / 1000 / seconds);
    const copies = after.map((a, i) => gained(before[i].video, a.video).streams);
    const streams = after.reduce((sum, a, i) => sum + gained(before[i].received, a.received).streams, 0);
    const measured = joins.filter((ms) => ms !== null);
    return {
      copies: median(copies.slice(1)),
      joins: measured.length ? measured : [NaN],
      joinsWithoutFrame: joins.length - measured.length,
      pairs,
      seconds,
      uploadTherapist: uploads[0],
      uploadPatients: median(uploads.slice(1)),
      renderer: renderer / seconds,
      chromium: chromium / seconds,
      streams,
      janusPerStream: janus / seconds / Math.max(streams, 1),
      janus: janus / seconds,
    };
  } finally {
    for (const p of pages) await p.context.close();
  }
}

const n = (v, digits = 0) => v.toLocaleString('de-DE', { maximumFractionDigits: digits });
const pct = (cpuPerSecond) => `${n(cpuPerSecond * 100, 1)} %`;

export async function runSfuBench() {
  if (!ensureJanus()) return ['SFU: Janus ist nicht installiert, Teil übersprungen.'];
  const janus = await startJanus();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  /** The built server on a fresh database, the mesh or the SFU mode chosen by SFU_FROM_PARTICIPANTS; one session. */
  const run = (sfuFrom) =>
    withServerOnPostgres(
      (base) => ({ ...demoServerEnv(base), ...janusServerEnv(janus), SFU_FROM_PARTICIPANTS: String(sfuFrom) }),
      ({ base, databaseUrl }) => measureMode(browser, base, databaseUrl, janus.pid),
      'dihs-bench-sfu-',
    );
  try {
    const mesh = await run(1000);
    const sfu = await run(4);
    const members = PATIENTS + 1;
    const row = (label, m, s, unit = '') => `  ${label.padEnd(52)} ${m.padStart(12)}${unit} ${s.padStart(12)}${unit}`;
    return [
      `SFU (group of ${members}: therapist + ${PATIENTS} patients, everyone sees everyone; one Chromium, ${members} contexts,`,
      `  fake camera 320×240 at 15 fps; window ${n(sfu.seconds, 1)} s after all joined; this machine, 2 cores):`,
      row('', 'mesh (p2p)', 'Janus'),
      row('pairs decoding (of 56)', n(mesh.pairs), n(sfu.pairs)),
      row('video copies sent per patient (median)', n(mesh.copies), n(sfu.copies)),
      row('upload therapist (outbound-rtp, kbit/s)', n(mesh.uploadTherapist), n(sfu.uploadTherapist)),
      row('upload per patient (median, kbit/s)', n(mesh.uploadPatients), n(sfu.uploadPatients)),
      row(
        'upload per video copy (patient median / copies)',
        n(mesh.uploadPatients / Math.max(mesh.copies, 1)),
        n(sfu.uploadPatients / Math.max(sfu.copies, 1)),
      ),
      row("CPU therapist's renderer (CDP ProcessTime)", pct(mesh.renderer), pct(sfu.renderer)),
      row('CPU whole Chromium, 8 participants (/proc)', pct(mesh.chromium), pct(sfu.chromium)),
      row(
        'join click → first frame of the therapist (median)',
        `${n(median(mesh.joins))} ms`,
        `${n(median(sfu.joins))} ms`,
      ),
      row('  joins without a frame within 90 s', n(mesh.joinsWithoutFrame), n(sfu.joinsWithoutFrame)),
      row(
        '  min … max',
        `${n(Math.min(...mesh.joins))}…${n(Math.max(...mesh.joins))}`,
        `${n(Math.min(...sfu.joins))}…${n(Math.max(...sfu.joins))}`,
      ),
      `  ratios mesh / Janus: upload per patient ${n(mesh.uploadPatients / sfu.uploadPatients, 2)}, ` +
        `therapist's renderer CPU ${n(mesh.renderer / sfu.renderer, 2)}, whole Chromium ${n(mesh.chromium / sfu.chromium, 2)}; ` +
        `join → first frame Janus / p2p ${n(median(sfu.joins) / median(mesh.joins), 2)}`,
      `  Janus: ${pct(sfu.janus)} CPU for ${sfu.streams} forwarded streams (inbound-rtp audio and video that grew in the window) = ` +
        `${n(sfu.janusPerStream * 1000, 2)} ms CPU per second per stream`,
    ];
  } finally {
    await browser.close();
    await janus.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`\n${(await runSfuBench()).join('\n')}\n`);
}
