import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './support/fixtures.ts';
import {
  expectReceiving,
  FAKE_MEDIA_LAUNCH,
  loggedIn,
  patientJoins,
  sessionTermin,
  therapistPath,
} from './support/video.ts';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
test.describe.configure({ timeout: 120_000 });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

/** A second instance of the built server on the run's database and Redis (global-setup's E2E_SERVER_ENV). */
async function startSecondInstance(): Promise<{ baseUrl: string; server: ChildProcess }> {
  const shared = JSON.parse(process.env.E2E_SERVER_ENV ?? '{}') as Record<string, string>;
  expect(shared.REDIS_URL, 'global-setup startet mit Redis').toBeTruthy();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...shared, PORT: String(port), PUBLIC_URL: baseUrl },
  });
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`Zweite Instanz beendet mit ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 150) throw new Error('Zweite Instanz nicht erreichbar');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, server };
}

test('two server instances behind one Redis serve one session', async ({ browser }) => {
  const second = await startSecondInstance();
  try {
    const termin = await sessionTermin();
    const [patient] = termin.patients;
    // the therapist on the first instance, the patient on the second
    const t = await loggedIn(browser, termin.therapist);
    const p = await loggedIn(browser, patient!, second.baseUrl);
    await t.page.goto(therapistPath(termin.id));
    await patientJoins(p.page, termin.id);
    await expectReceiving(t.page, patient!.id);
    await expectReceiving(p.page, termin.therapist.id);

    await p.page.getByRole('button', { name: 'Melden' }).click();
    await expect(t.page.locator(`li[data-meldung-id="${patient!.id}"]`)).toBeVisible();
    await t.page.getByRole('button', { name: 'Sitzung beenden' }).click();
    await expect(p.page.getByRole('dialog', { name: 'Sitzung beendet' })).toBeVisible({ timeout: 15_000 });
    await t.context.close();
    await p.context.close();
  } finally {
    if (second.server.exitCode === null) {
      const exited = new Promise((resolve) => second.server.once('exit', resolve));
      second.server.kill('SIGTERM');
      await exited;
    }
  }
});
