// Helpers of the bench scripts: free ports, starting and stopping the built server, login, memory.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from './lib.mjs';

/** Seconds per measurement; BENCH_SECONDS shortens a run (e.g. BENCH_SECONDS=2 while iterating). */
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

/** The built server the parts start; BENCH_SERVER_ENTRY points at another build (say, one from before a change). */
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY || 'apps/server/dist/main.js';

/** The PostgreSQL server the parts make their fresh databases on (its `postgres` database administers them). */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** CPU seconds (user and system) a process has used so far, from /proc (Linux). */
export const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * Load at 50 connections for `seconds` (DURATION_S), after a one-second warm-up at the same load unless `warmUp` is
 * false (the JIT and the caches of either side settle first). Every answer must be 2xx. Answers the requests per
 * second and, for the server process `pid`, its CPU time per request in microseconds: that figure depends far less
 * than the throughput on what else the machine is running, since it counts only the time the server got. `requests`
 * counts every answer, the warm-up's too.
 */
export async function measureLoad(url, headers = {}, { seconds = DURATION_S, warmUp = true, pid } = {}) {
  const options = { url, connections: 50, headers };
  const warm = warmUp ? await autocannon({ ...options, duration: 1 }) : undefined;
  const cpuBefore = pid ? cpuSeconds(pid) : 0;
  const result = await autocannon({ ...options, duration: seconds });
  const cpu = pid ? cpuSeconds(pid) - cpuBefore : NaN;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} Antworten ohne 2xx, ${result.errors} Fehler`);
  }
  return {
    requestsPerSecond: result.requests.average,
    cpuMicrosPerRequest: (cpu * 1e6) / result.requests.total,
    // every request sent, the warm-up's included (what the server handled: spans, log lines)
    requests: result.requests.total + (warm?.requests.total ?? 0),
  };
}

export const DEMO_PASSWORD = 'Demo#2026';

export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Polls until the URL answers 200; answers the milliseconds it took. */
export async function waitFor(url, timeoutMs = 120_000) {
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

/**
 * Starts a server process in its own process group (stop() ends the group, npm's children included). Without
 * DATABASE_URL in `env` it runs on the embedded PGlite in dataDir. With `output`, what the process writes to stdout
 * and stderr collects in `child.output` (a string; keep the log level low, e.g. LOG_LEVEL=warn).
 */
export function startServer(command, args, port, dataDir, env = {}, { output = false } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: output ? ['ignore', 'pipe', 'pipe'] : 'ignore',
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
  });
  if (output) {
    child.output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (child.output += chunk));
  }
  return child;
}

export const stop = async (child) => {
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
};

export const rssMiB = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

/** Logs a user in and answers the Authorization header value. */
export async function bearer(base, email, password = DEMO_PASSWORD) {
  const response = await fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`Anmeldung ${email}: HTTP ${response.status}`);
  return `Bearer ${(await response.json()).token}`;
}

/** The environment of a built server with the demo data that browsers log in to many times (the video benches). */
export const demoServerEnv = (base) => ({
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOGIN_RATE_LIMIT_IP: '10000',
  LOGIN_RATE_LIMIT_ACCOUNT: '10000',
  PUBLIC_URL: base,
});

/**
 * The built server (SERVER_ENTRY) on dataDir with `env` (or `env(base)` when the environment names the server's own
 * address), up and answering; runs `work({ base, pid, server })` and answers what it answers. Afterwards the server
 * stops, also on a failure. Without DATABASE_URL in the environment it runs on the embedded PGlite in dataDir.
 * `options` go to startServer (`output`: the server's stdout and stderr collect in `server.output`).
 */
export async function withServer(dataDir, env, work, options = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = typeof env === 'function' ? env(base) : env;
  const server = startServer(process.execPath, [SERVER_ENTRY], port, dataDir, serverEnv, options);
  try {
    await waitFor(`${base}/api/health`);
    return await work({ base, pid: server.pid, server });
  } finally {
    await stop(server);
  }
}

/**
 * A fresh database on ADMIN_URL's server and the built server on it (withServer with `env` and `options`);
 * runs `work({ base, pid, server, databaseUrl, client })` (client: node-postgres, connected to the database) and
 * answers what it answers. Afterwards the server stops and the database and the data folder are gone, also on a
 * failure.
 */
export async function withServerOnPostgres(env, work, dataDirPrefix = 'dihs-bench-pg-', options = {}) {
  const { default: pg } = await import('pg');
  const name = `dihs_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const client = new pg.Client({ connectionString: databaseUrl });
  const dataDir = mkdtempSync(path.join(tmpdir(), dataDirPrefix));
  const serverEnv = (base) => ({ ...(typeof env === 'function' ? env(base) : env), DATABASE_URL: databaseUrl });
  try {
    return await withServer(
      dataDir,
      serverEnv,
      async (served) => {
        await client.connect();
        return work({ ...served, databaseUrl, client });
      },
      options,
    );
  } finally {
    await client.end().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
