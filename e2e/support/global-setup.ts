import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const adminUrl =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('kein Port')),
      );
    });
  });
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates a fresh database, starts the built server on a free port, and hands both to the tests via env. */
export default async function globalSetup() {
  const dbName = `dihs_e2e_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${dbName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const port = await freePort();
  const jwtSecret = randomBytes(32).toString('hex');
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      SEED_DEMO: 'true',
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_IP: '10000',
      LOGIN_RATE_LIMIT_ACCOUNT: '10000',
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`Server beendet mit ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 150) throw new Error('Server nicht erreichbar');
    await new Promise((r) => setTimeout(r, 200));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATABASE_URL = databaseUrl.toString();
  process.env.E2E_JWT_SECRET = jwtSecret;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await admin(`drop database if exists ${dbName} with (force)`);
  };
}
