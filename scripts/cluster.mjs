// Several instances of the built server on one PostgreSQL database and one Redis, behind nginx with round-robin:
// what the multi-instance e2e test (e2e/zwei-instanzen.e2e.ts) and the scale bench (bench-scale.mjs) start.
// nginx comes from Debian's packages and runs as the current user with its own prefix and configuration in a
// temporary folder (no system configuration, no port 80); every process started here ends with stop().
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { aptInstall, root } from './lib.mjs';

const NGINX = '/usr/sbin/nginx';
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Installs nginx from Debian's packages when it is missing (the same way scripts/test.mjs installs Chromium). */
export function ensureNginx() {
  if (existsSync(NGINX)) return;
  console.log('nginx wird aus den Debian-Paketen installiert ...');
  aptInstall('nginx');
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Polls until the URL answers 200 or the process ended; `name` opens the error message. */
async function waitReady(url, child, name, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} beendet (${child.exitCode ?? child.signalCode})`);
    }
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} antwortet nicht unter ${url}`);
}

/** SIGTERM and wait for the exit; nothing to do when the process already ended. */
async function terminate(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The proxy configuration: round-robin over the instances, keep-alive connections to them, the WebSocket upgrade
 * for /ws, the client's address in X-Forwarded-For. `X-Upstream` names the instance that answered, so a test can
 * tell which one served a request or a socket (a production proxy leaves it out: it shows internal addresses).
 */
export function nginxConfig({ listenPort, upstreams, dir }) {
  // a master started by root would hand the workers to `nobody`, who cannot write to the temporary folder
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  return `${user}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  log_format upstream '$remote_addr "$request" $status $upstream_addr';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # operator uploads are limited to 10 MB by the server itself
  client_max_body_size 11m;

  upstream dihs {
${upstreams.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    keepalive 64;
  }

  server {
    listen 127.0.0.1:${listenPort};
    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    add_header X-Upstream $upstream_addr always;

    location /ws {
      proxy_pass http://dihs;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      # the STOMP heart-beats (every 4 s) keep an idle socket under this
      proxy_read_timeout 60s;
    }

    location / {
      proxy_pass http://dihs;
      # an empty Connection header keeps the connection to the instance open for the next request
      proxy_set_header Connection "";
    }
  }
}
`;
}

/**
 * nginx on a free port (or `port`) in front of the given instance ports, with its own prefix folder. Answers
 * { url, port, dir, stop() }; dir holds access.log (one line per request with the upstream that served it).
 */
export async function startProxy(upstreams, { port } = {}) {
  const listenPort = port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'dihs-nginx-'));
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig({ listenPort, upstreams, dir }));
  // -e: the error log before the configuration is read (otherwise the packaged /var/log/nginx/error.log)
  const child = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${listenPort}`;
  try {
    await waitReady(`${url}/api/ping`, child, 'nginx');
  } catch (error) {
    await terminate(child);
    const log = existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${error.message}\n${stderr}${log}`, { cause: error });
  }
  return {
    url,
    port: listenPort,
    dir,
    pid: child.pid,
    stop: async () => {
      await terminate(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(adminUrl, sql) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * One instance of the built server; its output goes to `logFile` (read it when something fails). Answers
 * { url, port, pid, logFile, stop() } once /api/health answers.
 */
async function startInstance(name, entry, env, logFile) {
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(`${url}/api/health`, child, name);
  } catch (error) {
    await terminate(child);
    throw new Error(`${error.message}\n${readFileSync(logFile, 'utf8').slice(-2000)}`, { cause: error });
  }
  return { url, port, pid: child.pid, logFile, stop: () => terminate(child) };
}

/**
 * `instances` servers on one database and one Redis with a prefix of this run, behind nginx. The database is
 * `databaseUrl` as it is (migrated already: the instances start side by side, none seeds), or without it a fresh one
 * (created on adminUrl's server, dropped by stop). The first instance migrates and, with SEED_DEMO=true in `env`, seeds; the others
 * start once it is ready. The instances share JWT_SECRET, FILE_MASTER_KEY and DATA_DIR as a deployment would, and
 * believe X-Forwarded-For from the proxy only (TRUST_PROXY). `env` adds to or overrides these settings.
 * `entry` is the built server (BENCH_SERVER_ENTRY may name another build).
 * Answers { url (the proxy), proxy, instances, databaseUrl, redisKeyPrefix, env, stop() }.
 */
export async function startCluster({
  instances = 2,
  entry = 'apps/server/dist/main.js',
  env = {},
  databaseUrl: existingDatabase,
  adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL,
  redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
} = {}) {
  const dbName = `dihs_cluster_${randomBytes(5).toString('hex')}`;
  const databaseUrl = new URL(existingDatabase ?? adminUrl);
  if (!existingDatabase) databaseUrl.pathname = `/${dbName}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'dihs-cluster-'));
  mkdirSync(path.join(dir, 'data'));
  const proxyPort = await freePort();
  const shared = {
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    DATA_DIR: path.join(dir, 'data'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    FILE_MASTER_KEY: randomBytes(32).toString('base64'),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `dihs-${dbName}:`,
    TRUST_PROXY: '127.0.0.1',
    ...env,
  };
  const started = [];
  let proxy;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(started.map((instance) => instance?.stop()));
    if (!existingDatabase) await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  };
  if (!existingDatabase) await adminQuery(adminUrl, `create database ${dbName}`);
  try {
    const log = (n) => path.join(dir, `instanz-${n}.log`);
    // a fresh database is migrated (and seeded) by the first instance alone; an existing one already is, so all start
    // at once
    const together = existingDatabase ? 0 : 1;
    if (!existingDatabase) started.push(await startInstance('Instanz 1', entry, shared, log(1)));
    // a second seeding run would only race the first one's rows
    const rest = { ...shared, SEED_DEMO: 'false' };
    await Promise.all(
      Array.from({ length: instances - together }, async (_, k) => {
        const n = k + together + 1;
        started[n - 1] = await startInstance(`Instanz ${n}`, entry, rest, log(n));
      }),
    );
    proxy = await startProxy(
      started.map((instance) => instance.port),
      { port: proxyPort },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: proxy.url,
    proxy,
    instances: started,
    databaseUrl: databaseUrl.toString(),
    redisKeyPrefix: shared.REDIS_KEY_PREFIX,
    env: shared,
    stop,
  };
}
