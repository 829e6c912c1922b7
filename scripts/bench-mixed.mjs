// Mixed load with staff writes on health records (issue 29 "Measured, not asserted"): 10 users at once for DURATION_S
// on the built server with the demo world, once on the embedded PGlite (a fresh data folder) and once on native
// PostgreSQL (a fresh database on BENCH_DATABASE_URL's server, dropped afterwards). Every user goes round ROUND:
// the patient reads appointments and training plan and now and then downloads the data export, the therapist reads
// anamnesis and documentation and writes documentation, the operator changes a prescription's credit, saves a
// patient's remark and reads the prescription list. Printed per database: requests/s, p50, p99, errors (timeouts
// among them), answers without 2xx by status, the same per request type, whether /api/health answers after the
// load, and the server's log lines of level warn and worse (LOG_LEVEL=warn); then p99 PGlite / PostgreSQL.
// A request slower than REQUEST_TIMEOUT_S counts as a timeout, so a hang shows as errors instead of stalling the
// bench. Figures only, no assertions. Run: node scripts/bench.mjs --only=mixed (after npm run build).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { bearer, DURATION_S, withServer, withServerOnPostgres } from './bench-lib.mjs';

const USERS = 10;
// under the measurement's length, so a hung request shows in it (autocannon takes whole seconds)
const REQUEST_TIMEOUT_S = Math.max(1, Math.min(5, Math.floor(DURATION_S / 2)));
// the demo operator works without a second factor (bench only); the same demo world on both databases
const SERVER_ENV = { SEED_DEMO: 'true', OEMBED_URL: 'off', REQUIRE_2FA_ROLES: 'none', LOG_LEVEL: 'warn' };
const ROLES = { patient: 'patient@demo.de', therapeut: 'therapeut@demo.de', betreiber: 'betreiber@demo.de' };

/** Each write sends other values than the one before (a counter over all users), so every write changes a row. */
let writes = 0;
const text = (what) => () => ({ type: 'text/plain; charset=utf-8', body: `${what} ${++writes} (Bench)` });
const credit = () => {
  const n = ++writes;
  return {
    type: 'application/json',
    body: JSON.stringify({ rezeptEinzelTermin: n % 7, rezeptGruppenTermin: n % 3, rezeptBefundTermin: n % 2 }),
  };
};

/** The request types: who sends it, method and path (`w`: the demo world's ids), the body of a write. */
const TYPES = {
  termine: { role: 'patient', method: 'GET', path: () => '/api/termin/patient/all' },
  plan: { role: 'patient', method: 'GET', path: () => '/api/trainingsplan/my' },
  auskunft: { role: 'patient', method: 'GET', path: () => '/api/datenauskunft' },
  anamnese: { role: 'therapeut', method: 'GET', path: (w) => `/api/anamnese/other/${w.patientId}` },
  doku: { role: 'therapeut', method: 'GET', path: (w) => `/api/dokumentation/${w.patientId}` },
  dokuSchreiben: {
    role: 'therapeut',
    method: 'POST',
    path: (w) => `/api/dokumentation/${w.patientId}`,
    body: text('Verlauf'),
  },
  guthaben: { role: 'betreiber', method: 'POST', path: (w) => `/api/rezepte/guthaben/${w.rezeptIds[0]}`, body: credit },
  guthaben2: {
    role: 'betreiber',
    method: 'POST',
    path: (w) => `/api/rezepte/guthaben/${w.rezeptIds.at(-1)}`,
    body: credit,
  },
  bemerkung: {
    role: 'betreiber',
    method: 'POST',
    path: (w) => `/api/profil/other/${w.patientId}/bemerkung`,
    body: text('Bemerkung'),
  },
  rezepte: { role: 'betreiber', method: 'GET', path: () => '/api/rezepte/all' },
};
/** One round of a user: 20 requests, 6 of them staff writes on the demo patient's records, 1 data export. */
const ROUND = [
  'termine', 'plan', 'anamnese', 'guthaben', 'termine', 'doku', 'plan', 'bemerkung', 'dokuSchreiben', 'termine',
  'anamnese', 'plan', 'guthaben2', 'rezepte', 'doku', 'termine', 'bemerkung', 'plan', 'dokuSchreiben', 'auskunft',
]; // prettier-ignore

/** The demo patient's id and two prescriptions (made by a job after the start: waited for), a login per role. */
async function demoWorld(base) {
  const auth = {};
  for (const [role, email] of Object.entries(ROLES)) auth[role] = await bearer(base, email);
  const get = async (role, url) => (await fetch(`${base}${url}`, { headers: { authorization: auth[role] } })).json();
  const { userId: patientId } = await get('patient', '/api/patient/getPatient');
  for (let tries = 0; tries < 300; tries++) {
    const rezeptIds = (await get('betreiber', '/api/rezepte/all')).rezepte.map((r) => r.id);
    if (rezeptIds.length >= 2) return { auth, patientId, rezeptIds };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Die Demo-Rezepte fehlen');
}

/** ROUND as autocannon requests; `label` names the type in the figures by type. */
const requestsOf = (w) =>
  ROUND.map((name) => {
    const { role, method, path: pathOf, body } = TYPES[name];
    const headers = { authorization: w.auth[role] };
    // a write's body differs each time: autocannon builds it anew before each send
    const setupRequest = (request) => {
      const { type, body: content } = body();
      return { ...request, body: content, headers: { ...request.headers, 'content-type': type } };
    };
    const url = pathOf(w);
    return { label: `${role} ${method} ${url}`, method, path: url, headers, ...(body ? { setupRequest } : {}) };
  });

const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * The load on the server at `base`: a second's warm-up, then USERS connections for DURATION_S, each starting its
 * round at another place (so the mix holds even where a connection gets through less than a round). Answers
 * autocannon's result and, by request type, the latencies, the statuses and the timeouts. The type of an answer or
 * a timeout is the request its connection has in flight (autocannon's client.requestIterator, one at a time).
 */
async function load(base, requests) {
  const options = { url: base, connections: USERS, timeout: REQUEST_TIMEOUT_S, requests };
  await autocannon({ ...options, duration: 1 });
  const byType = new Map(requests.map((r) => [r.label, { ms: [], status: {}, timeouts: 0 }]));
  let clients = 0;
  const setupClient = (client) => {
    const start = Math.round((clients++ * requests.length) / USERS);
    client.setRequests([...requests.slice(start), ...requests.slice(0, start)]);
    const current = () => byType.get(client.requestIterator.currentRequest.label);
    client.on('response', (status, bytes, ms) => {
      const type = current();
      type.ms.push(ms);
      type.status[status] = (type.status[status] ?? 0) + 1;
    });
    client.on('timeout', () => current().timeouts++);
  };
  const result = await autocannon({ ...options, duration: DURATION_S, setupClient });
  for (const type of byType.values()) type.ms.sort((a, b) => a - b);
  return { result, byType };
}

/** After the load: how soon /api/health answers (a frozen database shows here). */
async function healthAfter(base) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) });
    return `HTTP ${response.status} nach ${Math.round(performance.now() - started)} ms`;
  } catch {
    return 'keine Antwort in 30 s';
  }
}

/** The server's JSON log lines of level warn (40) and worse, without time, host and request id, counted. */
function warnings(output) {
  const counts = new Map();
  for (const line of output.split('\n')) {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!(entry.level >= 40)) continue;
    const { time: _time, pid: _pid, hostname: _hostname, reqId: _reqId, ...rest } = entry;
    const key = JSON.stringify(rest);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([line, count]) => `${count}× ${line.slice(0, 400)}`);
}

async function measure(base, server) {
  const world = await demoWorld(base);
  // what else the machine runs meanwhile shifts every figure: its load average before, beside them
  const machineLoad = loadavg()[0];
  const { result, byType } = await load(base, requestsOf(world));
  const health = await healthAfter(base);
  return { result, byType, health, machineLoad, log: warnings(server.output) };
}

const n = (v, width = 7) => (Number.isFinite(v) ? Math.round(v).toLocaleString('de-DE') : '–').padStart(width);
const non2xx = (status) =>
  Object.entries(status)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, count]) => `${count}× ${code}`)
    .join(', ') || '–';

/** The printed lines of one database. */
function report(name, { result, byType, health, machineLoad, log }) {
  const status = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  return [
    `  ${name}: ${n(result.requests.average)} Anfragen/s  p50 ${n(result.latency.p50, 5)} ms  p99 ${n(result.latency.p99, 5)} ms` +
      `  Fehler ${result.errors} (Zeitüberschreitungen ${result.timeouts})  ohne 2xx: ${non2xx(status)}`,
    ...[...byType].map(
      ([label, t]) =>
        `    ${label.padEnd(48)} ${n(t.ms.length, 6)}×  p50 ${n(percentile(t.ms, 50), 5)} ms  p99 ${n(percentile(t.ms, 99), 5)} ms` +
        `  ohne 2xx: ${non2xx(t.status)}${t.timeouts ? `  Zeitüberschreitungen ${t.timeouts}` : ''}`,
    ),
    `    /api/health nach der Last: ${health}; Maschinenlast davor (loadavg 1 min, ${cpus().length} CPUs): ${machineLoad.toFixed(1)}`,
    `    Server-Protokoll (warn und schlimmer): ${log.length ? '' : 'keine Zeilen'}`,
    ...log.slice(0, 8).map((line) => `      ${line}`),
  ];
}

export async function runMixedBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-mixed-'));
  let embedded;
  try {
    embedded = await withServer(dataDir, SERVER_ENV, ({ base, server }) => measure(base, server), { output: true });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const postgres = await withServerOnPostgres(
    SERVER_ENV,
    ({ base, server }) => measure(base, server),
    'dihs-bench-mixed-',
    { output: true },
  );
  const ratio = embedded.result.latency.p99 / postgres.result.latency.p99;
  return [
    `Gemischte Last mit Schreibzugriffen des Personals auf Gesundheitsdaten: ${USERS} Nutzer gleichzeitig, ${DURATION_S} s je ` +
      `Datenbank, Demo-Welt, Zeitlimit ${REQUEST_TIMEOUT_S} s je Anfrage; je Runde ${ROUND.length} Anfragen, davon ` +
      `${ROUND.filter((name) => TYPES[name].method === 'POST').length} Schreibzugriffe und 1 Datenauskunft`,
    ...report('Eingebettet (PGlite)', embedded),
    ...report('PostgreSQL', postgres),
    `  p99 eingebettet / PostgreSQL: ${ratio.toFixed(1).replace('.', ',')}`,
  ];
}
