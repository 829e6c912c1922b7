import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authEndpoints } from '@dihs/contract/auth';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { afterAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE, dataDirHolder } from '../lib/data-dir-lock.ts';
import { serverRoot } from '../lib/paths.ts';
import { DEMO_PASSWORD } from '../modules/users/index.ts';
import { isNewEmbeddedDatabase, pgliteDir } from './embedded-setup.ts';
import { openPglite, PGLITE_SETTINGS } from './pglite.ts';

// `npm start` without DATABASE_URL on a new data folder: the server entry (from src, through tsx) creates the
// embedded database in a child process (db/embedded-setup.ts), then serves it with the demo world and prints the
// demo logins; the folder then opens with the lean settings of db/pglite.ts.

const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-embedded-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Resolves once the server's output contains `text`; rejects when it ends before. */
function outputContaining(server: ChildProcess, output: { text: string }, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!output.text.includes(text)) return;
      server.stdout?.off('data', check);
      resolve();
    };
    server.stdout?.on('data', check);
    server.once('exit', (code) => reject(new Error(`Server beendet (Exit-Code ${code}):\n${output.text}`)));
    check();
  });
}

describe('embedded start on a new data folder', () => {
  it('creates the database, prints the demo logins and lets a demo account log in', async () => {
    expect(isNewEmbeddedDatabase(dataDir)).toBe(true);
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot(), 'src', 'main.ts')], {
      cwd: serverRoot(),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: '',
        REDIS_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
    });
    const output = { text: '' };
    const collect = (chunk: Buffer) => (output.text += chunk.toString());
    server.stdout.on('data', collect);
    server.stderr.on('data', collect);
    try {
      await outputContaining(server, output, `Demo-Zugänge (Passwort für alle: ${DEMO_PASSWORD})`);
      expect(output.text).toContain('patient@demo.de');
      expect(isNewEmbeddedDatabase(dataDir)).toBe(false);
      const login = await fetch(`http://127.0.0.1:${port}${apiUrl(authEndpoints.anmelden)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'patient@demo.de', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      // the folder is marked as the server's while it runs: a backup or a second server refuses
      expect(dataDirHolder(dataDir)).toMatchObject({ user: 'server', pid: server.pid });
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    expect(existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
  }, 300_000);

  it('opens the folder with the lean memory settings, which the folder itself does not carry', async () => {
    const client = await openPglite(pgliteDir(dataDir));
    try {
      for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
        const { rows } = await client.query<{ setting: string }>(`select current_setting($1) as setting`, [name]);
        expect(rows[0]?.setting, name).toBe(value);
      }
      const { rows } = await client.query<{ source: string }>(
        `select source from pg_settings where name = 'shared_buffers'`,
      );
      expect(rows[0]?.source).toBe('command line');
    } finally {
      await client.close();
    }
  }, 120_000);
});
