// The time from SIGTERM to the end of the process under load: 50 keep-alive connections (idle after a request) and
// 20 requests in flight (logins: argon2 keeps each busy for a while). Run by bench.mjs, or alone with
// `node scripts/bench-shutdown.mjs` (needs the build). Figures only, no assertions.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_PASSWORD, freePort, startServer, waitFor } from './bench-lib.mjs';

/** Sends a request; `sent` resolves when its last byte left, `done` with the status (or 'getrennt'). */
function request(port, agent, method, urlPath, body) {
  let sent;
  const done = new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent,
        headers: body ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve('getrennt'));
    sent = new Promise((resolveSent) => req.on('finish', resolveSent));
    req.end(body);
  });
  return { sent, done };
}

/** Answers the lines to print. */
export async function runShutdownBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-shutdown-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(process.execPath, ['apps/server/dist/main.js'], port, dataDir, {
    LOG_LEVEL: process.env.BENCH_DEBUG ? 'info' : 'warn',
  });
  const exited = new Promise((resolve) => server.once('exit', () => resolve(Date.now())));
  try {
    await waitFor(`${base}/api/health`);
    const idle = new http.Agent({ keepAlive: true, maxSockets: 50 });
    await Promise.all(Array.from({ length: 50 }, () => request(port, idle, 'GET', '/api/ping').done));
    const busy = new http.Agent({ keepAlive: true, maxSockets: 20 });
    // four accounts, five logins each: under the per-account limit, so every login runs argon2
    const accounts = ['patient@demo.de', 'patient2@demo.de', 'therapeut@demo.de', 'therapeut2@demo.de'];
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      request(
        port,
        busy,
        'POST',
        '/api/authenticate',
        JSON.stringify({ email: accounts[i % accounts.length], password: DEMO_PASSWORD }),
      ),
    );
    let finished = 0;
    for (const r of inFlight) void r.done.then(() => finished++);
    // every request has left the client; the server reads them one after another (PGlite works on its thread)
    await Promise.all(inFlight.map((r) => r.sent));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const pending = 20 - finished;
    const started = Date.now();
    process.kill(server.pid, 'SIGTERM');
    const took = (await exited) - started;
    const outcomes = await Promise.all(inFlight.map((r) => r.done));
    const count = (value) => outcomes.filter((status) => status === value).length;
    idle.destroy();
    busy.destroy();
    const f = (n) => n.toFixed(0).padStart(8);
    return [
      'Beenden unter Last (50 Keep-alive-Verbindungen, 20 laufende Anmeldungen, SHUTDOWN_GRACE_SECONDS 10)',
      `  SIGTERM bis Prozessende                 ${f(took)} ms`,
      `  Anmeldungen beim Signal noch offen      ${f(pending)} von 20`,
      `  davon beantwortet 200 / 503             ${f(count(200) - (20 - pending))} / ${count(503)}`,
      // a request still unread in its socket is not distinguishable from an idle connection: Node closes it
      `  davon ungelesen getrennt                ${f(count('getrennt'))}`,
    ];
  } finally {
    if (server.exitCode === null && server.signalCode === null) process.kill(server.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log((await runShutdownBench()).join('\n'));
}
