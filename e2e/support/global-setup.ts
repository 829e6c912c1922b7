import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

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

/**
 * A real SMTP server in the runner's process: every mail the app sends becomes a JSON file {to, subject, text,
 * attachments: [filename…]} in mailDir (written under a temporary name and renamed, so a reader never sees half a file).
 */
async function startMailCatcher(mailDir: string): Promise<{ url: string; close(): Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            const name = `${Date.now()}-${String(count++).padStart(6, '0')}`;
            const file = path.join(mailDir, `${name}.json`);
            const json = {
              to: mail.to?.[0]?.address ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              attachments: mail.attachments.map((a) => a.filename ?? ''),
            };
            writeFileSync(`${file}.tmp`, JSON.stringify(json));
            renameSync(`${file}.tmp`, file);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Creates a fresh database, starts the built server on a free port, and hands both to the tests via env. */
export default async function globalSetup() {
  const dbName = `dihs_e2e_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${dbName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const port = await freePort();
  const jwtSecret = randomBytes(32).toString('hex');
  const mailDir = mkdtempSync(path.join(tmpdir(), 'dihs-e2e-mail-'));
  // uploads (profile photos, documents) of this run, not in the repository's data folder
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-e2e-data-'));
  const mailCatcher = await startMailCatcher(mailDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  // What a second server instance of this run needs (the video test of two instances behind one Redis).
  const sharedEnv = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_IP: '10000',
    LOGIN_RATE_LIMIT_ACCOUNT: '10000',
    SMTP_URL: mailCatcher.url,
    DATA_DIR: dataDir,
    // the reminder job looks every 2 s instead of every minute, so its e2e test need not wait minutes
    REMINDER_INTERVAL_SECONDS: '2',
    REDIS_URL: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379',
    // one prefix per run: parallel runs on the same Redis never share conferences
    REDIS_KEY_PREFIX: `dihs-e2e-${dbName}:`,
  };
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...sharedEnv,
      PORT: String(port),
      SEED_DEMO: 'true',
      PUBLIC_URL: baseUrl,
    },
  });
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
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SERVER_ENV = JSON.stringify(sharedEnv);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await mailCatcher.close();
    rmSync(mailDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${dbName} with (force)`);
  };
}
