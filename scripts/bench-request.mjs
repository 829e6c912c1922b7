// The request path (issue 16, goal 1): the unauthenticated GET /api/ping and the authenticated GET
// /api/authority/THERAPEUT (no database: the session gate's account cache answers) beside a bare Fastify hello world
// (bench-bare-fastify.mjs, the same Fastify) started in the same run, each as a share of it; the same authenticated
// call on a server without the revocation check, on a server with the Prometheus metrics on (METRICS_TOKEN; off
// is the default), and on one with OpenTelemetry traces exported over OTLP to a receiver in this process
// (OTEL_EXPORTER_OTLP_ENDPOINT; off is the default); the memory after the load. Run by bench.mjs, or alone with
// `node scripts/bench.mjs --only=request`. Figures only, no assertions.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
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

/**
 * An OTLP/HTTP receiver as a collector would be: reads each export, counts its spans roughly (by their trace ids)
 * and answers 200. In this process, so its CPU time is not the server's.
 */
async function startOtlpReceiver() {
  const received = { exports: 0, spans: 0 };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      received.exports++;
      received.spans += Buffer.concat(chunks).toString('utf8').split('"traceId"').length - 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export async function runRequestBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-request-'));
  const uncheckedDir = `${dataDir}-ohne-widerruf`;
  const metricsDir = `${dataDir}-metriken`;
  const tracesDir = `${dataDir}-traces`;
  const sampledDir = `${dataDir}-traces-stichprobe`;
  // one receiver per traced server, so each one's spans are counted apart
  const receiver = await startOtlpReceiver();
  const sampledReceiver = await startOtlpReceiver();
  try {
    // The first start creates the database; a copy of it serves the server without the revocation check.
    const first = await startProject(dataDir);
    await stop(first.child);
    cpSync(dataDir, uncheckedDir, { recursive: true });
    cpSync(dataDir, metricsDir, { recursive: true });
    cpSync(dataDir, tracesDir, { recursive: true });
    cpSync(dataDir, sampledDir, { recursive: true });

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
    // The same call with traces on: a server span, @fastify/otel's request and handler spans per request, batched
    // and exported to the receiver (issue 35; every request sampled, the default).
    const traced = await startProject(tracesDir, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    // and with one trace in ten sampled (OTEL_TRACES_SAMPLER): what of the cost is context propagation and
    // instrumentation, which every request pays, and what recording and export
    const sampled = await startProject(sampledDir, {
      OTEL_EXPORTER_OTLP_ENDPOINT: sampledReceiver.url,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
    });
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
      traced: [traced.child.pid, `${traced.base}/api/authority/THERAPEUT`, { authorization: traced.authorization }],
      sampled: [sampled.child.pid, `${sampled.base}/api/authority/THERAPEUT`, { authorization: sampled.authorization }],
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
    const rssTraced = rssMiB(traced.child.pid);
    // what reached the receiver: spans per request of the traced server (3 when none was dropped)
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const spansPerRequest = (name, { received }) =>
      (received.spans / rounds.reduce((sum, r) => sum + r[name].requests, 0)).toFixed(2).padStart(8);
    if (receiver.received.spans === 0) throw new Error('Traces: der Empfänger hat keine Spans erhalten');

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
      ...row('dasselbe mit Traces (OTLP)', 'traced').slice(0, 1),
      `    Verhältnis mit / ohne Traces           ${percent(share('traced', 'authenticated'))}  (Kosten ${percent(
        1 - share('traced', 'authenticated'),
      ).trim()}, Ziel < 10 %)`,
      `    nach CPU-Zeit je Anfrage               ${percent(cpuShare('traced', 'authenticated'))}`,
      `    beim Empfänger angekommen              ${spansPerRequest('traced', receiver)} Spans je Anfrage (${receiver.received.exports} Exporte; 2 ohne Verluste: Server und Handler)`,
      `    Speicher (RSS) nach der Last           ${f(rssTraced)} MiB`,
      ...row('dasselbe, jede zehnte Anfrage (Stichprobe)', 'sampled').slice(0, 1),
      `    Verhältnis mit / ohne Traces           ${percent(share('sampled', 'authenticated'))}  (Kosten ${percent(
        1 - share('sampled', 'authenticated'),
      ).trim()})`,
      `    nach CPU-Zeit je Anfrage               ${percent(cpuShare('sampled', 'authenticated'))}`,
      `    beim Empfänger angekommen              ${spansPerRequest('sampled', sampledReceiver)} Spans je Anfrage (0,2 erwartet)`,
      `  Speicher (RSS) nach der Last             ${f(rssAfterLoad)} MiB`,
    ];
  } finally {
    for (const child of started.splice(0)) if (running(child)) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(uncheckedDir, { recursive: true, force: true });
    rmSync(metricsDir, { recursive: true, force: true });
    rmSync(tracesDir, { recursive: true, force: true });
    rmSync(sampledDir, { recursive: true, force: true });
    await receiver.close();
    await sampledReceiver.close();
  }
}
