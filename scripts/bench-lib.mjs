// Helpers of the bench scripts: free ports, starting and stopping the built server, login, memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { root } from './lib.mjs';

/** Seconds per measurement; BENCH_SECONDS shortens a run. */
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

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
 * DATABASE_URL in `env` it runs on the embedded PGlite in dataDir.
 */
export function startServer(command, args, port, dataDir, env = {}) {
  return spawn(command, args, {
    cwd: root,
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
  });
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
