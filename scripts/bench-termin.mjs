// The appointment figures of `npm run bench` (issue 5 "Measured, not asserted", issue 16 goals 2 and 3), on the
// built server:
// - on native PostgreSQL (a fresh database on BENCH_DATABASE_URL's server), while 1,000 / 10,000 / 100,000
//   appointments are in the database: the patient plan GET /api/termin/patient/all and the operator list
//   GET /api/termin/betreiber/all, each beside its bare reference (Fastify + node-postgres running the very
//   statements the server sends for that request, captured on the wire: bench-list-reference.mjs), as requests/s,
//   p99 and the ratio, with the statements per request;
// - the patient plan on PGlite: requests/s, p50, p99;
// - bookings per second while 50 patients with paid credit book at once (POST /api/cart/create, then
//   POST /api/cart/confirm/{cartId}), each booking a different appointment, with the statements one booking sends
//   and, after the run, the appointments holding more seats than they have (overbookings) or a wrong seat count.
// Figures only, no assertions. Standalone: node scripts/bench-termin.mjs (after npm run build).
// BENCH_SERVER_ENTRY runs another build (e.g. an older one, for before/after figures).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import {
  bearer,
  DURATION_S,
  freePort,
  SERVER_ENTRY,
  startServer,
  stop,
  waitFor,
  withServerOnPostgres,
} from './bench-lib.mjs';
import { formatRow, listsBySize, tableHeader } from './bench-list-reference.mjs';
import { startSqlCapture } from './bench-sql-capture.mjs';

const SIZES = [1_000, 10_000, 100_000];
const PATIENTS = 50;
const CONNECTIONS = 50;
// 50 patients log in at once, above the login limit per address that protects real accounts; the demo operator
// reads the operator list without a second factor (bench only)
const SERVER_ENV = {
  SEED_DEMO: 'true',
  LOGIN_RATE_LIMIT_IP: '10000',
  LOGIN_RATE_LIMIT_ACCOUNT: '10000',
  REQUIRE_2FA_ROLES: 'none',
};
/** The lists beside their reference: path, who reads it, the reference's route. */
const LISTS = [
  { label: 'Terminplan (Patient)', path: '/api/termin/patient/all', email: 'patient@demo.de', route: '/plan' },
  { label: 'Betreiberliste', path: '/api/termin/betreiber/all', email: 'betreiber@demo.de', route: '/betreiber' },
];
/** Bookings the probe makes through the capture proxy (the fewest statements of them count). */
const PROBES = 3;

/**
 * Adds `count` active appointments spread evenly over the coming year (the plan's default range), so every step of
 * the growth series stays a year of appointments; types and therapists vary like a real plan. `run` executes SQL.
 */
export async function addTermine(run, count, befund = 'Rückenschmerzen') {
  await run(`insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer, status)
    select now() + interval '1 hour' + make_interval(secs => (i - 0.5) * ${(364 * 86_400) / count}),
      30, (array['GRUPPE','TELEFON','EINZEL','BEFUND','ANAMNESE'])[1 + i % 5], '${befund}', 'Bench',
      (select id from benutzer where email = case when i % 2 = 0 then 'therapeut@demo.de' else 'therapeut2@demo.de' end),
      case when i % 5 = 2 then 1 else 8 end, 'AKTIV'
    from generate_series(1, ${count}) as i`);
  await run('analyze termin');
}

/**
 * 50 patients as the registration leaves them after the e-mail confirmation (the demo password, a profile, the
 * consents) with paid group credit, and one bookable group appointment per patient and booking slot, two days
 * ahead or later.
 */
async function addBookingWorld(run, slots) {
  await run(`with neu as (
      insert into benutzer (email, password_hash, rolle, email_confirmed)
      select 'bench-patient-' || i || '@bench.de', (select password_hash from benutzer where email = 'patient@demo.de'),
        'PATIENT', true
      from generate_series(1, ${PATIENTS}) as i returning id
    ), profil_neu as (
      insert into profil (user_id, vorname, nachname) select id, 'Bench', 'Patient ' || id from neu
    ), einwilligung_neu as (
      -- the consents of the demo patient's registration: booking waits for them
      insert into einwilligung (benutzer_id, fassung_id, anlass)
      select neu.id, e.fassung_id, e.anlass from neu, einwilligung e
      where e.benutzer_id = (select id from benutzer where email = 'patient@demo.de')
    )
    insert into guthaben_buchung (patient_user_id, kind, delta, reason, reference, idempotency_key)
    select id, 'bezahltGruppenTermin', ${slots + PROBES}, 'Bench-Guthaben', 'bench', 'bench:guthaben:' || id from neu`);
  // the probe's appointments come last, after every slot of the run
  await run(`insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer, status)
    select now() + interval '2 days' + make_interval(mins => i), 30, 'GRUPPE', 'Buchungsbench', 'Bench',
      (select id from benutzer where email = 'therapeut@demo.de'), 8, 'AKTIV'
    from generate_series(1, ${PATIENTS * slots + PROBES}) as i`);
  await run('analyze termin');
}

/** Load on the patient plan; answers requests/s and latency percentiles. */
async function measureList(base, authorization) {
  const url = `${base}/api/termin/patient/all`;
  // one second of warm-up: JIT, caches, buffers of a freshly started server
  await autocannon({ url, connections: 10, duration: 1, headers: { authorization } });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { authorization } });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} Antworten ohne 2xx, ${result.errors} Fehler`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** One booking: a cart of one appointment, then its confirmation; answers the last answer's status and body. */
async function book(base, authorization, terminId) {
  const call = async (url, body) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: response.status < 300 ? await response.json() : await response.text() };
  };
  const created = await call('/api/cart/create', [{ id: terminId }]);
  return created.status === 200 ? call(`/api/cart/confirm/${created.json.cartId}`) : created;
}

/**
 * 50 patients book at once for DURATION_S, each its own next appointment: create a cart of one item, confirm it.
 * Answers bookings/s and latency of one booking (both calls), or null when the cart endpoints are missing.
 */
async function measureBookings(base, terminIds, slots) {
  const tokens = await Promise.all(
    Array.from({ length: PATIENTS }, (_, k) => bearer(base, `bench-patient-${k + 1}@bench.de`)),
  );
  const probe = await fetch(`${base}/api/cart/create`, { method: 'POST', headers: { authorization: tokens[0] } });
  if (probe.status === 404) return null;
  const latencies = [];
  let failed = 0;
  let firstError = '';
  const end = Date.now() + DURATION_S * 1000;
  const worker = async (k) => {
    for (let n = 0; n < slots && Date.now() < end; n++) {
      const started = performance.now();
      const answer = await book(base, tokens[k], terminIds[n * PATIENTS + k]);
      if (answer.status === 200) latencies.push(performance.now() - started);
      else {
        failed++;
        firstError ||= `HTTP ${answer.status}: ${JSON.stringify(answer.json).slice(0, 200)}`;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: PATIENTS }, (_, k) => worker(k)));
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    booked: latencies.length,
    failed,
    firstError,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** Bookings per patient the booking world holds: more than DURATION_S seconds of bookings can use. */
const SLOTS = Math.max(40, DURATION_S * 12);

async function bookingIds(query) {
  const rows = await query(`select id from termin where befund = 'Buchungsbench' order by datum, id`);
  return rows.map((r) => r.id);
}

/**
 * The statements one booking sends (both calls, transactions' begin and commit included): a server instance
 * through the capture proxy books the probe appointments as the first bench patient; the fewest count.
 */
async function statementsPerBooking(databaseUrl, probeIds) {
  const capture = await startSqlCapture(databaseUrl);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-probe-'));
  const server = startServer(process.execPath, [SERVER_ENTRY], port, dataDir, {
    ...SERVER_ENV,
    DATABASE_URL: capture.url,
  });
  try {
    await waitFor(`${base}/api/health`);
    const authorization = await bearer(base, 'bench-patient-1@bench.de');
    let fewest = Infinity;
    for (const id of probeIds) {
      capture.take();
      const answer = await book(base, authorization, id);
      if (answer.status !== 200) throw new Error(`Probebuchung: HTTP ${answer.status} ${JSON.stringify(answer.json)}`);
      fewest = Math.min(fewest, capture.take().length);
    }
    return fewest;
  } finally {
    await stop(server);
    await capture.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * After the run: appointments holding more seats than they have, appointments whose seat counter differs from
 * their held seats, and credit balances below zero. All three must be 0.
 */
async function checkAfterBookings(query) {
  const [row] = await query(`select
      (select count(*) from termin t
        where (select count(*) from termin_teilnahme s where s.termin_id = t.id and s.status <> 'STORNIERT')
          > t.max_teilnehmer)::int as overbooked,
      (select count(*) from termin t
        where t.anzahl_teilnehmer
          <> (select count(*) from termin_teilnahme s where s.termin_id = t.id and s.status <> 'STORNIERT'))::int
        as miscounted,
      (select count(*) from (select 1 from guthaben_buchung group by patient_user_id, kind having sum(delta) < 0) n)::int
        as negative`);
  return row;
}

/** The patient plan and the operator list beside their bare reference, at each size of the series. */
async function listsBesideReference(base, serverPid, databaseUrl, run) {
  const { rows, statements } = await listsBySize({
    base,
    serverPid,
    databaseUrl,
    env: SERVER_ENV,
    lists: LISTS,
    sizes: SIZES,
    grow: (count) => addTermine(run, count),
  });
  return { rows, statements: LISTS.map((list) => [list.label, statements[list.path].length]) };
}

/** Native PostgreSQL: a fresh database, the built server on it with the demo world, the series, the bookings. */
async function onPostgres() {
  return withServerOnPostgres(SERVER_ENV, async ({ base, pid, databaseUrl, client }) => {
    const run = (sql) => client.query(sql);
    const query = async (sql) => (await client.query(sql)).rows;
    const lists = await listsBesideReference(base, pid, databaseUrl, run);
    await addBookingWorld(run, SLOTS);
    const ids = await bookingIds(query);
    const statements = await statementsPerBooking(databaseUrl, ids.slice(-PROBES));
    const bookings = await measureBookings(base, ids, SLOTS);
    const check = await checkAfterBookings(query);
    return { lists, bookings: bookings && { ...bookings, statements, check } };
  });
}

/** PGlite: the server owns the database folder, so data goes in while it is stopped. */
async function onPglite() {
  const { PGlite } = await import('@electric-sql/pglite');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-pglite-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const withDatabase = async (work) => {
    const db = await PGlite.create(path.join(dataDir, 'pg'));
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  };
  const serve = async (work) => {
    const server = startServer(process.execPath, [SERVER_ENTRY], port, dataDir, SERVER_ENV);
    try {
      await waitFor(`${base}/api/health`);
      return await work();
    } finally {
      await stop(server);
    }
  };
  try {
    await serve(async () => {}); // the first start creates the database and the demo world
    const series = [];
    let present = 0;
    for (const size of SIZES) {
      await withDatabase((db) => addTermine((sql) => db.exec(sql), size - present));
      present = size;
      series.push({ size, ...(await serve(async () => measureList(base, await bearer(base, 'patient@demo.de')))) });
    }
    const ids = await withDatabase(async (db) => {
      await addBookingWorld((sql) => db.exec(sql), SLOTS);
      return bookingIds(async (sql) => (await db.query(sql)).rows);
    });
    const bookings = await serve(() => measureBookings(base, ids, SLOTS));
    return { series, bookings };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const n = (v, width = 8) => Math.round(v).toLocaleString('de-DE').padStart(width);

/** Bookings per second the goal asks for (issue 16 goal 3). */
const BOOKING_GOAL = 200;

function bookingLine(label, b) {
  if (!b) return `  ${label.padEnd(11)} nicht gemessen: POST /api/cart/create fehlt in diesem Build`;
  const failures = b.failed ? `, ${b.failed} abgelehnt (${b.firstError})` : '';
  return `  ${label.padEnd(11)} ${n(b.perSecond)} Buchungen/s, p50 ${n(b.p50, 5)} ms, p99 ${n(b.p99, 5)} ms (${b.booked} gebucht${failures})`;
}

/** The goal lines of the PostgreSQL bookings: ratio to the goal, statements per booking, the check after the run. */
function bookingGoalLines(b) {
  if (!b) return [];
  const ratio = (b.perSecond / BOOKING_GOAL) * 100;
  const { overbooked, miscounted, negative } = b.check;
  return [
    `  PostgreSQL: ${n(ratio, 0)} % des Ziels (≥ ${BOOKING_GOAL} Buchungen/s)${ratio >= 100 ? '' : '  (Ziel verfehlt)'}; ${b.statements} SQL-Anweisungen je Buchung (beide Aufrufe, mit BEGIN und COMMIT)`,
    `  nach dem Lauf: ${overbooked} überbuchte Termine, ${miscounted} Termine mit falscher Platzzahl, ${negative} negative Guthaben (Ziel: 0, 0, 0)`,
  ];
}

/** The lists beside their reference, the flatness from the smallest to the largest database, statements. */
function listLines({ rows, statements }) {
  const lines = [
    `Listen auf PostgreSQL neben nacktem Fastify + node-postgres mit denselben SQL-Anweisungen (${DURATION_S} s je Seite, ${CONNECTIONS} Verbindungen, Standardfilter, Seite von 50)`,
    tableHeader('Liste'),
    ...rows.map(({ list, size, pair }) => formatRow(list.label, size, pair)),
  ];
  for (const list of LISTS) {
    const series = rows.filter((row) => row.list === list);
    const flat = (series.at(-1).pair.project.rps / series[0].pair.project.rps) * 100;
    lines.push(
      `  ${list.label}: ${n(SIZES.at(-1), 0)} / ${n(SIZES[0], 0)} Termine = ${n(flat, 0)} % der Anfragen/s (flach)`,
    );
  }
  lines.push(
    `  SQL-Anweisungen je Anfrage: ${statements.map(([label, count]) => `${label} ${count}`).join(', ')} (Ziel: 1)`,
    '  Ziel: Projekt ≥ 70 % der Referenz, p99 ≤ 100 ms, flach von 1.000 bis 100.000 Terminen',
  );
  return lines;
}

/** Runs both databases and answers the report lines. */
export async function runTerminBench() {
  const pgResult = await onPostgres();
  const pgliteResult = await onPglite();
  const lines = [
    ...listLines(pgResult.lists),
    `Terminplan GET /api/termin/patient/all auf PGlite (${DURATION_S} s je Messung, ${CONNECTIONS} Verbindungen, Standardfilter)`,
    '  Termine in DB   Anfragen/s   p50 ms   p99 ms',
    ...pgliteResult.series.map((row) => `  ${n(row.size, 13)} ${n(row.rps, 12)} ${n(row.p50)} ${n(row.p99)}`),
    `Buchungen (${PATIENTS} Patienten gleichzeitig, Warenkorb anlegen + bestätigen, Guthaben)`,
    bookingLine('PostgreSQL', pgResult.bookings),
    bookingLine('PGlite', pgliteResult.bookings),
    ...bookingGoalLines(pgResult.bookings),
  ];
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`\n${(await runTerminBench()).join('\n')}\n`);
}
