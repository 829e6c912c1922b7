// A list endpoint beside its bare reference (issue 16 goal 2): the statements the server sends for one request are
// captured on the wire (bench-sql-capture.mjs), a bare Fastify + node-postgres (bench-bare-lists.mjs) replays
// them, and both are loaded alternately in the same run, so the ratio does not depend on how busy the machine is.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { bearer, DURATION_S, freePort, SERVER_ENTRY, startServer, stop, waitFor } from './bench-lib.mjs';
import { startSqlCapture } from './bench-sql-capture.mjs';

export const CONNECTIONS = 50;
const WARM_UP_S = 3;

/**
 * Starts a second server instance on the database through the capture proxy and makes each call ({ email, path })
 * once to warm up, then to record: answers per path the statements that one request sent, in order.
 */
export async function captureStatements(databaseUrl, dataDir, env, calls) {
  const capture = await startSqlCapture(databaseUrl);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(process.execPath, [SERVER_ENTRY], port, dataDir, { ...env, DATABASE_URL: capture.url });
  try {
    await waitFor(`${base}/api/health`);
    const statements = {};
    for (const { email, path } of calls) {
      const authorization = await bearer(base, email);
      const call = () => get(base, path, authorization);
      await call();
      // the app's periodic jobs may query meanwhile: the fewest statements of three calls are the request's own
      let fewest;
      for (let i = 0; i < 3; i++) {
        capture.take();
        await call();
        const taken = capture.take();
        if (!fewest || taken.length < fewest.length) fewest = taken;
      }
      statements[path] = fewest;
    }
    return statements;
  } finally {
    await stop(server);
    await capture.close();
  }
}

async function get(base, path, authorization) {
  const response = await fetch(`${base}${path}`, { headers: { authorization } });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  await response.arrayBuffer();
}

/**
 * Starts the bare reference on the database with one route per entry of `routes` ({ "/path": statements }, as
 * captureStatements answers them). Answers its base URL and stop().
 */
export async function startReference(databaseUrl, routes) {
  const port = await freePort();
  const server = startServer(process.execPath, ['scripts/bench-bare-lists.mjs'], port, '', {
    DATABASE_URL: databaseUrl,
    BENCH_LIST_ROUTES: JSON.stringify(routes),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/health`);
  return { base, pid: server.pid, stop: () => stop(server) };
}

/** CPU time (user + system) a process has used, in microseconds (clock ticks of 10 ms from /proc). */
function cpuMicros(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the fields after the command name, which is in parentheses
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** Load on `url`; with `pid`, also the process's CPU time per answered request (µs), less at the machine's mercy. */
async function load(url, headers, seconds, pid) {
  const before = pid ? cpuMicros(pid) : 0;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} Antworten ohne 2xx, ${result.errors} Fehler`);
  }
  const cpu = pid ? (cpuMicros(pid) - before) / Math.max(1, result.requests.total) : 0;
  return { rps: result.requests.average, p99: result.latency.p99, cpu };
}

/**
 * Loads the project's and the reference's URL alternately in four rounds (reference, project, project, reference,
 * then the same again; an eighth of DURATION_S each, at least one second), after a warm-up of both, so a change in
 * the machine's load meanwhile hits both alike. With two rounds, a burst of other work during one side's half moved
 * the ratio of the same build by 15 points between runs; more, shorter rounds spread it over both sides. The warm-up
 * is three seconds: after one, a freshly started server still compiled its hot code (the first size of the series
 * showed half the requests/s of the later ones, on the reference too), so the series measured warm-up, not size.
 * Answers requests/s (mean of the rounds), p99 (the worst round) and the server process's CPU time per request
 * (mean; the database's share is the same SQL on both sides) of each. `project` and `reference`: { url, headers, pid }.
 */
export async function measurePair(project, reference) {
  const round = Math.max(1, DURATION_S / 8);
  await load(reference.url, {}, WARM_UP_S);
  await load(project.url, project.headers, WARM_UP_S);
  const projectRounds = [];
  const referenceRounds = [];
  const measureReference = async () => referenceRounds.push(await load(reference.url, {}, round, reference.pid));
  const measureProject = async () => projectRounds.push(await load(project.url, project.headers, round, project.pid));
  for (let i = 0; i < 2; i++) {
    await measureReference();
    await measureProject();
    await measureProject();
    await measureReference();
  }
  const combined = (rounds) => ({
    rps: rounds.reduce((sum, r) => sum + r.rps, 0) / rounds.length,
    p99: Math.max(...rounds.map((r) => r.p99)),
    cpu: rounds.reduce((sum, r) => sum + r.cpu, 0) / rounds.length,
  });
  return { project: combined(projectRounds), reference: combined(referenceRounds) };
}

const n = (v, width) => Math.round(v).toLocaleString('de-DE').padStart(width);

/** The header of the table formatRow fills. */
export const tableHeader = (label, sizeLabel = 'Termine') =>
  `  ${label.padEnd(24)} ${sizeLabel.padStart(8)} ${'Projekt/s'.padStart(10)} ${'Referenz/s'.padStart(10)} ${'Anteil'.padStart(7)} ${'p99 Projekt'.padStart(12)} ${'p99 Ref.'.padStart(9)} ${'CPU/Anfr. Projekt / Ref.'.padStart(25)}`;

/** One table row: ratio project / reference with the goal (≥ 70 %, p99 ≤ 100 ms) marked. */
export function formatRow(label, size, { project, reference }) {
  const ratio = (project.rps / reference.rps) * 100;
  const mark = ratio >= 70 && project.p99 <= 100 ? '' : '  (Ziel verfehlt)';
  const cpu = `${n(project.cpu, 6)} / ${n(reference.cpu, 5)} µs`;
  return `  ${label.padEnd(24)} ${n(size, 8)} ${n(project.rps, 10)} ${n(reference.rps, 10)} ${n(ratio, 5)} % ${n(project.p99, 9)} ms ${n(reference.p99, 6)} ms ${cpu.padStart(25)}${mark}`;
}

/**
 * Each list ({ label, path, email, route }) beside its reference at each database size: `grow(count)` adds `count`
 * rows before the size is measured; the statements are captured once, at the first size. Answers the rows
 * ({ list, size, pair }) and the statements per list path.
 */
export async function listsBySize({ base, serverPid, databaseUrl, env, lists, sizes, grow }) {
  const tokens = Object.fromEntries(
    await Promise.all(lists.map(async (list) => [list.path, await bearer(base, list.email)])),
  );
  const rows = [];
  let present = 0;
  let reference;
  let statements;
  const captureDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-capture-'));
  try {
    for (const size of sizes) {
      await grow(size - present);
      present = size;
      if (!reference) {
        statements = await captureStatements(databaseUrl, captureDir, env, lists);
        reference = await startReference(
          databaseUrl,
          Object.fromEntries(lists.map((list) => [list.route, statements[list.path]])),
        );
      }
      for (const list of lists) {
        const pair = await measurePair(
          { url: `${base}${list.path}`, headers: { authorization: tokens[list.path] }, pid: serverPid },
          { url: `${reference.base}${list.route}`, pid: reference.pid },
        );
        rows.push({ list, size, pair });
      }
    }
  } finally {
    await reference?.stop();
    rmSync(captureDir, { recursive: true, force: true });
  }
  return { rows, statements };
}
