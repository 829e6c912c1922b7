import { randomBytes } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { ensureJanus, janusServerEnv, startJanus } from '../../scripts/janus.mjs';
import { startOembedStub } from './oembed-stub.ts';
import { startBuiltServer } from './server-process.ts';

const adminUrl =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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
  const jwtSecret = randomBytes(32).toString('hex');
  const mailDir = mkdtempSync(path.join(tmpdir(), 'dihs-e2e-mail-'));
  // uploads (profile photos, documents) of this run, not in the repository's data folder
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-e2e-data-'));
  const mailCatcher = await startMailCatcher(mailDir);
  // the video hosts' oEmbed endpoint, local: saving an exercise or video fetches its thumbnail without the internet
  const oembed = await startOembedStub();
  // the SFU of large group sessions (e2e/video-sfu.e2e.ts); without Janus those sessions stay peer-to-peer
  const janus = ensureJanus() ? await startJanus() : null;
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
    // the demo operator logs in without a second factor; pflichten.e2e.ts starts an instance that requires it
    REQUIRE_2FA_ROLES: 'none',
    OEMBED_URL: oembed.url,
    ...(janus ? janusServerEnv(janus) : {}),
  };
  const { baseUrl, stop } = await startBuiltServer('Server', { ...sharedEnv, SEED_DEMO: 'true' });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATABASE_URL = databaseUrl.toString();
  process.env.E2E_JWT_SECRET = jwtSecret;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SERVER_ENV = JSON.stringify(sharedEnv);

  return async () => {
    await stop();
    await mailCatcher.close();
    await oembed.close();
    await janus?.stop();
    rmSync(mailDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${dbName} with (force)`);
  };
}
