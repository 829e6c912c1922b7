// npm run bench: prints throughput of a plain and an authenticated endpoint, the server's memory after
// start on PGlite, and the time from `npm start` to the first 200 on /. Figures only, no assertions.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuild, ensureDependencies, root } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitFor(url, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).status === 200) return Date.now() - started;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} antwortet nicht`);
}

function startServer(command, args, port, dataDir) {
  return spawn(command, args, {
    cwd: root,
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
  });
}

const stop = async (child) => {
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
};

const rssMiB = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

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
const login = await fetch(`${base}/api/authenticate`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'betreiber@demo.de', password: 'Demo#2026' }),
});
const { token } = await login.json();
const plain = await load(`${base}/api/ping`);
const authenticated = await load(`${base}/api/authority/THERAPEUT`, { authorization: `Bearer ${token}` });
const rssAfterLoad = rssMiB(server.pid);
await stop(server);

// GET /api/termin/patient/all for a patient with 10,000 active appointments in the database, one every 50 minutes
// over the default year, written straight into the stopped server's PGlite folder.
const { PGlite } = await import('@electric-sql/pglite');
const pgDir = await PGlite.create(path.join(dataDir, 'pg'));
await pgDir.query(`insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer, status)
  select now() + make_interval(mins => i * 50), 30, 'GRUPPE', 'Rückenschmerzen', 'Bench',
    (select id from benutzer where email = 'therapeut@demo.de'), 8, 'AKTIV' from generate_series(1, 10000) as i`);
await pgDir.close();
const terminServer = startServer(process.execPath, ['apps/server/dist/main.js'], port, dataDir);
await waitFor(`${base}/api/health`);
const patientLogin = await fetch(`${base}/api/authenticate`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'patient@demo.de', password: 'Demo#2026' }),
});
const patientToken = (await patientLogin.json()).token;
const terminResult = await autocannon({
  url: `${base}/api/termin/patient/all`,
  connections: 50,
  duration: DURATION_S,
  headers: { authorization: `Bearer ${patientToken}` },
});
if (terminResult.non2xx > 0) throw new Error(`/api/termin/patient/all: ${terminResult.non2xx} Antworten ohne 2xx`);
await stop(terminServer);
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
  GET /api/termin/patient/all, 10.000 T.  ${f(terminResult.requests.average)} Anfragen/s, p99 ${terminResult.latency.p99} ms (PGlite)
  Speicher (RSS) nach dem ersten Start     ${f(rssAfterFirstStart)} MiB  (PGlite legt die Datenbank an)
  Speicher (RSS) nach einem Neustart       ${f(rssAfterStart)} MiB
  Speicher (RSS) nach der Last             ${f(rssAfterLoad)} MiB
  npm start bis erste 200 auf /, neu       ${f(startTimes[0])} ms
  npm start bis erste 200 auf /, erneut    ${f(startTimes[1])} ms
`);
