// The request path (issue 16, goal 1): the unauthenticated GET /api/ping and the authenticated GET
// /api/authority/THERAPEUT (no database: the session gate's account cache answers) beside a bare Fastify hello world
// (bench-bare-fastify.mjs, the same Fastify) started in the same run, each as a share of it; the same authenticated
// call on a server without the revocation check, and on a server with the Prometheus metrics on (METRICS_TOKEN; off
// is the default); the memory after the load. Run by bench.mjs, or alone with
// `node scripts/bench.mjs --only=request`. Figures only, no assertions.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  bearer,
  DURATION_S,
  freePort,
  rssMiB,
  measureLoad,
  SERVER_ENTRY,
  startServer,
  stop,
  waitFor,
} from './bench-lib.mjs';

/**
 * Each figure is measured in this many rounds of DURATION_S / ROUNDS seconds, all targets one after the other in
 * each round: a change of the machine's load (other processes) then moves a round's figures together, and the
 * median of the rounds' ratios leaves out a round that one burst spoiled.
 */
const ROUNDS = 3;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Every process this part started; the ones still running are stopped at its end, on failure too. */
const started = [];
const running = (child) => child.exitCode === null && child.signalCode === null;

function start(args, dataDir, env = {}) {
  return freePort().then((port) => {
    const child = startServer(process.execPath, args, port, dataDir, env);
    started.push(child);
    return { child, base: `http://127.0.0.1:${port}` };
  });
}

/** The built server on the data folder, ready, with the operator's Authorization header. */
async function startProject(dataDir, env = {}) {
  const server = await start([SERVER_ENTRY], dataDir, env);
  await waitFor(`${server.base}/api/health`);
  return { ...server, authorization: await bearer(server.base, 'betreiber@demo.de') };
}

const f = (n) => n.toFixed(0).padStart(8);
const percent = (ratio, goal) => {
  const verdict = goal === undefined ? '' : `  (Ziel ≥ ${goal} %, ${ratio * 100 >= goal ? 'erreicht' : 'verfehlt'})`;
  return `${(ratio * 100).toFixed(0).padStart(7)} %${verdict}`;
};

export async function runRequestBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-request-'));
  const uncheckedDir = `${dataDir}-ohne-widerruf`;
  const metricsDir = `${dataDir}-metriken`;
  try {
    // The first start creates the database; a copy of it serves the server without the revocation check.
    const first = await startProject(dataDir);
    await stop(first.child);
    cpSync(dataDir, uncheckedDir, { recursive: true });
    cpSync(dataDir, metricsDir, { recursive: true });

    const bare = await start(['scripts/bench-bare-fastify.mjs'], dataDir);
    await waitFor(`${bare.base}/`);
    const project = await startProject(dataDir);
    // The same authenticated call on a server whose session gate skips the revocation check (logged-out tokens and
    // "sessions valid from"; BENCH_NO_REVOCATION, ignored in production): the check's cost per request.
    const unchecked = await startProject(uncheckedDir, { BENCH_NO_REVOCATION: '1' });
    // The same call with the metrics on: every request measured by route pattern and status class, every statement
    // timed (issue 35; the other servers run without METRICS_TOKEN, the default). One scrape per round, as
    // Prometheus would every 15 s.
    const metricsToken = 'bench-metriken-0123456789abcdef';
    const metered = await startProject(metricsDir, { METRICS_TOKEN: metricsToken });
    const targets = {
      bare: [bare.child.pid, `${bare.base}/`],
      ping: [project.child.pid, `${project.base}/api/ping`],
      authenticated: [
        project.child.pid,
        `${project.base}/api/authority/THERAPEUT`,
        { authorization: project.authorization },
      ],
      unchecked: [
        unchecked.child.pid,
        `${unchecked.base}/api/authority/THERAPEUT`,
        { authorization: unchecked.authorization },
      ],
      metered: [metered.child.pid, `${metered.base}/api/authority/THERAPEUT`, { authorization: metered.authorization }],
    };
    const seconds = Math.max(1, Math.round(DURATION_S / ROUNDS));
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const figures = {};
      for (const [name, [pid, url, headers]] of Object.entries(targets)) {
        figures[name] = await measureLoad(url, headers, { seconds, warmUp: round === 0, pid });
      }
      const scrape = await fetch(`${metered.base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      if (scrape.status !== 200) throw new Error(`/metrics: HTTP ${scrape.status}`);
      await scrape.text();
      rounds.push(figures);
    }
    const rssAfterLoad = rssMiB(project.child.pid);

    const rps = (name) => median(rounds.map((r) => r[name].requestsPerSecond));
    const cpu = (name) => median(rounds.map((r) => r[name].cpuMicrosPerRequest));
    // the share of the reference's throughput; by CPU time it is the reference's time per request over ours
    const share = (name, reference) =>
      median(rounds.map((r) => r[name].requestsPerSecond / r[reference].requestsPerSecond));
    const cpuShare = (name, reference) =>
      median(rounds.map((r) => r[reference].cpuMicrosPerRequest / r[name].cpuMicrosPerRequest));
    const row = (label, name, goal) => [
      `  ${label.padEnd(39)}${f(rps(name))} Anfragen/s  ${f(cpu(name))} µs CPU je Anfrage`,
      ...(name === 'bare'
        ? []
        : [
            `    Anteil an der Referenz                 ${percent(share(name, 'bare'), goal)}`,
            `    Anteil nach CPU-Zeit je Anfrage        ${percent(cpuShare(name, 'bare'))}`,
          ]),
    ];
    return [
      `Anfragepfad (${ROUNDS} Runden zu ${seconds} s je Ziel, 50 Verbindungen, ein Prozess je Server; Median der Runden)`,
      ...row('Fastify hello world (Referenz)', 'bare'),
      ...row('GET /api/ping ohne Anmeldung', 'ping', 60),
      ...row('GET /api/authority/THERAPEUT mit JWT', 'authenticated', 50),
      ...row('dasselbe ohne Widerrufsprüfung', 'unchecked').slice(0, 1),
      `    Verhältnis mit / ohne Widerrufsprüfung ${percent(share('authenticated', 'unchecked'))}`,
      ...row('dasselbe mit Metriken (METRICS_TOKEN)', 'metered').slice(0, 1),
      `    Verhältnis mit / ohne Metriken         ${percent(share('metered', 'authenticated'))}  (Kosten ${percent(
        1 - share('metered', 'authenticated'),
      ).trim()}, Ziel < 10 %)`,
      `    nach CPU-Zeit je Anfrage               ${percent(cpuShare('metered', 'authenticated'))}`,
      `  Speicher (RSS) nach der Last             ${f(rssAfterLoad)} MiB`,
    ];
  } finally {
    for (const child of started.splice(0)) if (running(child)) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(uncheckedDir, { recursive: true, force: true });
    rmSync(metricsDir, { recursive: true, force: true });
  }
}
