// npm run bench: prints throughput of a plain and an authenticated endpoint (with and without the session gate's
// revocation check), the server's memory after
// start on PGlite, the time from `npm start` to the first 200 on /, then the appointment figures of
// bench-termin.mjs (patient plan by database size, bookings/s), bench-video.mjs (STOMP round trip against a raw
// WebSocket echo, memory per participant) and bench-video-media.mjs (join click to the first remote video frame
// against a bare RTCPeerConnection loopback), bench-training.mjs (the training plan read, the statistics CSV of a
// year), and bench-shutdown.mjs (SIGTERM to exit under load). Figures only, no
// assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { bearer, DURATION_S, freePort, rssMiB, startServer, stop, waitFor } from './bench-lib.mjs';
import { runRezeptBench } from './bench-rezept.mjs';
import { runShutdownBench } from './bench-shutdown.mjs';
import { runTerminBench } from './bench-termin.mjs';
import { runTrainingBench } from './bench-training.mjs';
import { runVideoMediaBench } from './bench-video-media.mjs';
import { runVideoBench } from './bench-video.mjs';
import { ensureBuild, ensureDependencies } from './lib.mjs';

async function load(url, headers = {}) {
  const result = await autocannon({ url, connections: 50, duration: DURATION_S, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} Antworten ohne 2xx`);
  return result.requests.average;
}

ensureDependencies();
ensureBuild();

// Throughput and memory, on the built server with a fresh embedded database.
const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// The first start creates the database (initdb, migrations, seed); the restart is the usual case.
const firstStart = startServer(process.execPath, ['apps/server/dist/main.js'], port, dataDir);
await waitFor(`${base}/api/health`);
const rssAfterFirstStart = rssMiB(firstStart.pid);
await stop(firstStart);
const server = startServer(process.execPath, ['apps/server/dist/main.js'], port, dataDir);
await waitFor(`${base}/api/health`);
const rssAfterStart = rssMiB(server.pid);
const token = await bearer(base, 'betreiber@demo.de');
const plain = await load(`${base}/api/ping`);
const authenticated = await load(`${base}/api/authority/THERAPEUT`, { authorization: token });
const rssAfterLoad = rssMiB(server.pid);
await stop(server);
// The same authenticated call on a server whose session gate skips the revocation check (logged-out tokens and
// "sessions valid from"; BENCH_NO_REVOCATION, ignored in production): the check's cost per request.
const unchecked = startServer(process.execPath, ['apps/server/dist/main.js'], port, dataDir, {
  BENCH_NO_REVOCATION: '1',
});
await waitFor(`${base}/api/health`);
const uncheckedToken = await bearer(base, 'betreiber@demo.de');
const withoutRevocation = await load(`${base}/api/authority/THERAPEUT`, { authorization: uncheckedToken });
await stop(unchecked);
rmSync(dataDir, { recursive: true, force: true });

// Start time of `npm start` on an installed and built clone: first start (new data folder) and restart.
const startDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-start-'));
const startTimes = [];
for (let i = 0; i < 2; i++) {
  const startPort = await freePort();
  const started = Date.now();
  const child = startServer('npm', ['start', '--silent'], startPort, startDir);
  await waitFor(`http://127.0.0.1:${startPort}/`);
  startTimes.push(Date.now() - started);
  await stop(child);
}
rmSync(startDir, { recursive: true, force: true });

const f = (n) => n.toFixed(0).padStart(8);
console.log(`
Benchmark (${DURATION_S} s je Messung, 50 Verbindungen, ein Prozess auf diesem Rechner)
  GET /api/ping ohne Anmeldung             ${f(plain)} Anfragen/s
  GET /api/authority/THERAPEUT mit JWT     ${f(authenticated)} Anfragen/s
  Verhältnis angemeldet / ohne             ${((authenticated / plain) * 100).toFixed(0).padStart(7)} %  (Ziel ≥ 60 %)
  dasselbe ohne Widerrufsprüfung           ${f(withoutRevocation)} Anfragen/s
  Verhältnis mit / ohne Widerrufsprüfung   ${((authenticated / withoutRevocation) * 100).toFixed(0).padStart(7)} %
  Speicher (RSS) nach dem ersten Start     ${f(rssAfterFirstStart)} MiB  (PGlite legt die Datenbank an)
  Speicher (RSS) nach einem Neustart       ${f(rssAfterStart)} MiB
  Speicher (RSS) nach der Last             ${f(rssAfterLoad)} MiB
  npm start bis erste 200 auf /, neu       ${f(startTimes[0])} ms
  npm start bis erste 200 auf /, erneut    ${f(startTimes[1])} ms
`);
console.log(`${(await runShutdownBench()).join('\n')}\n`);
console.log(`${(await runTerminBench()).join('\n')}\n`);
console.log(`${(await runTrainingBench()).join('\n')}\n`);
console.log(`${(await runVideoBench()).join('\n')}\n`);
console.log(`${(await runVideoMediaBench()).join('\n')}\n`);
console.log(`${(await runRezeptBench()).join('\n')}\n`);
