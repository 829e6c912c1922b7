// The appointment figures of `npm run bench` (issue 5 "Measured, not asserted"), on the built server:
// - GET /api/termin/patient/all for a patient while 1,000 / 10,000 / 100,000 appointments are in the database,
//   on native PostgreSQL (a fresh database on BENCH_DATABASE_URL's server) and on PGlite: requests/s, p50, p99;
// - bookings per second while 50 patients with paid credit book at once (POST /api/cart/create, then
//   POST /api/cart/confirm/{cartId}), each booking a different appointment.
// Figures only, no assertions. Standalone: node scripts/bench-termin.mjs (after npm run build).
// BENCH_SERVER_ENTRY runs another build (e.g. an older one, for before/after figures).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { bearer, DURATION_S, freePort, startServer, stop, waitFor } from './bench-lib.mjs';

const SIZES = [1_000, 10_000, 100_000];
const PATIENTS = 50;
const CONNECTIONS = 50;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/main.js';
// 50 patients log in at once, above the login limit per address that protects real accounts
const SERVER_ENV = { SEED_DEMO: 'true', LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' };

/**
 * Adds `count` active appointments spread evenly over the coming year (the plan's default range), so every step of
 * the growth series stays a year of appointments; types and therapists vary like a real plan. `run` executes SQL.
 */
async function addTermine(run, count, befund = 'Rückenschmerzen') {
  await run(`insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer, status)
    select now() + interval '1 hour' + make_interval(secs => (i - 0.5) * ${(364 * 86_400) / count}),
      30, (array['GRUPPE','TELEFON','EINZEL','BEFUND','ANAMNESE'])[1 + i % 5], '${befund}', 'Bench',
      (select id from benutzer where email = case when i % 2 = 0 then 'therapeut@demo.de' else 'therapeut2@demo.de' end),
      case when i % 5 = 2 then 1 else 8 end, 'AKTIV'
    from generate_series(1, ${count}) as i`);
  await run('analyze termin');
}

/**
 * 50 patients as the registration leaves them after the e-mail confirmation (the demo password, a profile) with
 * paid group credit, and one bookable group appointment per patient and booking slot, two days ahead or later.
 */
async function addBookingWorld(run, slots) {
  await run(`with neu as (
      insert into benutzer (email, password_hash, rolle, email_confirmed)
      select 'bench-patient-' || i || '@bench.de', (select password_hash from benutzer where email = 'patient@demo.de'),
        'PATIENT', true
      from generate_series(1, ${PATIENTS}) as i returning id
    ), profil_neu as (
      insert into profil (user_id, vorname, nachname) select id, 'Bench', 'Patient ' || id from neu
    )
    insert into guthaben_buchung (patient_user_id, kind, delta, reason, reference, idempotency_key)
    select id, 'bezahltGruppenTermin', ${slots}, 'Bench-Guthaben', 'bench', 'bench:guthaben:' || id from neu`);
  await run(`insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer, status)
    select now() + interval '2 days' + make_interval(mins => i), 30, 'GRUPPE', 'Buchungsbench', 'Bench',
      (select id from benutzer where email = 'therapeut@demo.de'), 8, 'AKTIV'
    from generate_series(1, ${PATIENTS * slots}) as i`);
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

/**
 * 50 patients book at once for DURATION_S, each its own next appointment: create a cart of one item, confirm it.
 * Answers bookings/s and latency of one booking (both calls), or null when the cart endpoints are missing.
 */
async function measureBookings(base, terminIds, slots) {
  const tokens = await Promise.all(
    Array.from({ length: PATIENTS }, (_, k) => bearer(base, `bench-patient-${k + 1}@bench.de`)),
  );
  const call = async (url, authorization, body) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: response.status < 300 ? await response.json() : await response.text() };
  };
  const probe = await call('/api/cart/create', tokens[0], []);
  if (probe.status === 404) return null;
  const latencies = [];
  let failed = 0;
  let firstError = '';
  const end = Date.now() + DURATION_S * 1000;
  const worker = async (k) => {
    for (let n = 0; n < slots && Date.now() < end; n++) {
      const started = performance.now();
      const created = await call('/api/cart/create', tokens[k], [{ id: terminIds[n * PATIENTS + k] }]);
      const confirmed =
        created.status === 200 ? await call(`/api/cart/confirm/${created.json.cartId}`, tokens[k]) : created;
      if (confirmed.status === 200) latencies.push(performance.now() - started);
      else {
        failed++;
        firstError ||= `HTTP ${confirmed.status}: ${JSON.stringify(confirmed.json).slice(0, 200)}`;
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

/** Native PostgreSQL: a fresh database, the built server on it with the demo world, the series, the bookings. */
async function onPostgres() {
  const { default: pg } = await import('pg');
  const name = `dihs_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-pg-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(process.execPath, [SERVER_ENTRY], port, dataDir, {
    ...SERVER_ENV,
    DATABASE_URL: url.toString(),
  });
  try {
    await waitFor(`${base}/api/health`);
    await client.connect();
    const run = (sql) => client.query(sql);
    const patient = await bearer(base, 'patient@demo.de');
    const series = [];
    let present = 0;
    for (const size of SIZES) {
      await addTermine(run, size - present);
      present = size;
      series.push({ size, ...(await measureList(base, patient)) });
    }
    await addBookingWorld(run, SLOTS);
    const ids = await bookingIds(async (sql) => (await client.query(sql)).rows);
    const bookings = await measureBookings(base, ids, SLOTS);
    return { series, bookings };
  } finally {
    await stop(server);
    await client.end().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
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

function bookingLine(label, b) {
  if (!b) return `  ${label.padEnd(11)} nicht gemessen: POST /api/cart/create fehlt in diesem Build`;
  const failures = b.failed ? `, ${b.failed} abgelehnt (${b.firstError})` : '';
  return `  ${label.padEnd(11)} ${n(b.perSecond)} Buchungen/s, p50 ${n(b.p50, 5)} ms, p99 ${n(b.p99, 5)} ms (${b.booked} gebucht${failures})`;
}

/** Runs both databases and answers the report lines. */
export async function runTerminBench() {
  const pgResult = await onPostgres();
  const pgliteResult = await onPglite();
  const lines = [
    `Terminplan GET /api/termin/patient/all (${DURATION_S} s je Messung, ${CONNECTIONS} Verbindungen, Standardfilter)`,
    '  Datenbank    Termine in DB   Anfragen/s   p50 ms   p99 ms',
  ];
  for (const [label, result] of [
    ['PostgreSQL', pgResult],
    ['PGlite', pgliteResult],
  ]) {
    for (const row of result.series) {
      lines.push(`  ${label.padEnd(11)} ${n(row.size, 14)} ${n(row.rps, 12)} ${n(row.p50)} ${n(row.p99)}`);
    }
  }
  lines.push(`Buchungen (${PATIENTS} Patienten gleichzeitig, Warenkorb anlegen + bestätigen, Guthaben)`);
  lines.push(bookingLine('PostgreSQL', pgResult.bookings), bookingLine('PGlite', pgliteResult.bookings));
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`\n${(await runTerminBench()).join('\n')}\n`);
}
