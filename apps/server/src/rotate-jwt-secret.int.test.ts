import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '@dihs/contract/auth';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { secondFactorEndpoints } from '@dihs/contract/second-factor';
import { openDatabase } from './db/client.ts';
import { DATA_DIR_LOCK_FILE, ownLock } from './lib/data-dir-lock.ts';
import { createLocalFileStore } from './lib/file-store.ts';
import { serverRoot } from './lib/paths.ts';
import { DEMO_PASSWORD } from './modules/users/index.ts';
import { users } from './modules/users/users.table.ts';
import { rotateJwtSecret, rotationReport } from './rotate-jwt-secret.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './test/test-database.ts';

// Rotating JWT_SECRET (issue 35 item 6, docs/operations.md "Rotating secrets"): a second factor and an encrypted
// local file written under secret A stay readable under B with A in JWT_SECRETS_PREVIOUS, a token of A still works,
// the command rotate-jwt-secret (run as a process, from src through tsx) moves them under B, and then A can go.
// On the embedded database the command opens the same folder the app used, after the app closed it.

const A = 'rotation-alt-rotation-alt-rotation-alt-0123';
const B = 'rotation-neu-rotation-neu-rotation-neu-4567';
const embedded = testDatabaseKind() === 'pglite';
const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-jwt-rotation-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = promisify(execFile);

/** The command as an operator runs it; answers its exit code and output. */
async function rotateCommand(
  env: Record<string, string>,
  entry = 'rotate-jwt-secret-main.ts',
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(serverRoot(), 'src', entry)], {
      cwd: serverRoot(),
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const appEnv = (secret: string, previous = '') => ({
  DATA_DIR: dataDir,
  JWT_SECRET: secret,
  JWT_SECRETS_PREVIOUS: previous,
  LOGIN_RATE_LIMIT_IP: '1000',
  LOGIN_RATE_LIMIT_ACCOUNT: '1000',
});

const status = (t: TestApp, bearer: string) =>
  t.app.inject({ method: 'GET', url: apiUrl(secondFactorEndpoints.status), headers: { authorization: bearer } });

const login = (t: TestApp, email: string, secondFactorCode: string) =>
  t.app.inject({
    method: 'POST',
    url: apiUrl(authEndpoints.anmelden),
    payload: { email, password: DEMO_PASSWORD, secondFactorCode },
  });

describe('rotating JWT_SECRET', () => {
  it('keeps second factors, encrypted files and sessions readable through the rotation', async () => {
    let database: TestDatabase = await createTestDatabase(embedded ? { embeddedDir: path.join(dataDir, 'pg') } : {});

    // under A: a therapist with a second factor, an encrypted file, a token
    const underA = await createTestApp(appEnv(A), { database });
    const email = 'rotation-zweifaktor@test.de';
    const [template] = await underA.db.select().from(users).where(eq(users.email, 'therapeut2@demo.de'));
    await underA.db
      .insert(users)
      .values({ email, passwordHash: template!.passwordHash, role: 'THERAPEUT', privileges: [] });
    const before = await underA.bearer(email);
    const step1 = await underA.app.inject({
      method: 'POST',
      url: apiUrl(secondFactorEndpoints.aktivieren),
      headers: { authorization: before },
      payload: { password: DEMO_PASSWORD },
    });
    const { privateKey } = step1.json<{ privateKey: string }>();
    const step2 = await underA.app.inject({
      method: 'POST',
      url: apiUrl(secondFactorEndpoints.aktivieren),
      headers: { authorization: before },
      payload: { password: DEMO_PASSWORD, privateKey, token: await generate({ secret: privateKey }) },
    });
    expect(step2.statusCode).toBe(200);
    const loginA = await login(underA, email, await generate({ secret: privateKey }));
    expect(loginA.statusCode).toBe(200);
    const tokenOfA = `Bearer ${loginA.json<{ token: string }>().token}`;
    const fileOfA = await underA.services.files.put(Buffer.from('Bild unter A'), { encrypt: true });
    const [stored] = await underA.db
      .select({ sealed: users.secondFactorSecret })
      .from(users)
      .where(eq(users.email, email));
    expect(stored!.sealed).not.toContain(privateKey);
    await underA.app.close();

    // under B with A previous: the token of A, the second factor and the file still work; new ones use B
    const withPrevious = await createTestApp(appEnv(B, A), { database });
    expect((await status(withPrevious, tokenOfA)).json()).toBe(true);
    expect((await login(withPrevious, email, await generate({ secret: privateKey }))).statusCode).toBe(200);
    expect((await withPrevious.services.files.get(fileOfA))?.toString()).toBe('Bild unter A');
    const fileOfB = await withPrevious.services.files.put(Buffer.from('Bild unter B'), { encrypt: true });
    await expect(createLocalFileStore({ dataDir, secret: A }).get(fileOfB)).rejects.toThrow();
    // without A (before the rotation) the second factor and the file of A would be lost, and A's token refused
    await withPrevious.app.close();
    const withoutA = await createTestApp(appEnv(B), { database });
    expect((await status(withoutA, tokenOfA)).statusCode).toBe(401);
    expect((await login(withoutA, email, await generate({ secret: privateKey }))).statusCode).toBe(401);
    await expect(withoutA.services.files.get(fileOfA)).rejects.toThrow();
    await withoutA.app.close();

    // the command refuses while a server holds the embedded data directory
    const marker = path.join(dataDir, DATA_DIR_LOCK_FILE);
    writeFileSync(marker, JSON.stringify(ownLock('server')));
    const refused = await rotateCommand({ JWT_SECRET: B, JWT_SECRETS_PREVIOUS: A });
    rmSync(marker);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('wird gerade benutzt: der Server');
    expect(refused.output).toContain('Beenden Sie den Server');

    // the rotation: the embedded database only once the app has let go of it
    if (embedded) await database.drop();
    const serverDatabase: Record<string, string> = database.url ? { DATABASE_URL: database.url } : {};
    const rotated = await rotateCommand({ JWT_SECRET: B, JWT_SECRETS_PREVIOUS: A, ...serverDatabase });
    expect(rotated.output).toContain('Zweite Faktoren neu versiegelt: 1; schon mit dem aktuellen Geheimnis: 0');
    expect(rotated.output).toContain(
      'Dateien neu verschlüsselt: 1; schon mit dem aktuellen Geheimnis: 1; nicht lesbar: 0.',
    );
    expect(rotated.code).toBe(0);
    const again = await rotateCommand({ JWT_SECRET: B, JWT_SECRETS_PREVIOUS: A, ...serverDatabase });
    expect(again.output).toContain('Zweite Faktoren neu versiegelt: 0; schon mit dem aktuellen Geheimnis: 1');
    expect(again.output).toContain('Dateien neu verschlüsselt: 0; schon mit dem aktuellen Geheimnis: 2');
    expect(again.code).toBe(0);

    if (embedded) {
      const handle = await openDatabase({ dataDir, detectNesting: true });
      database = { url: undefined, handle, drop: () => handle.close() };
    }
    // A gone: everything reads under B alone; A's token is refused (after TOKEN_TTL_SECONDS it would have expired)
    const underB = await createTestApp(appEnv(B), { database });
    try {
      expect((await login(underB, email, await generate({ secret: privateKey }))).statusCode).toBe(200);
      expect((await underB.services.files.get(fileOfA))?.toString()).toBe('Bild unter A');
      expect((await underB.services.files.get(fileOfB))?.toString()).toBe('Bild unter B');
      expect((await status(underB, tokenOfA)).statusCode).toBe(401);

      // something no configured secret reads: counted, named, exit code 2
      const stranger = await createLocalFileStore({ dataDir, secret: `${A}-fremd` }).put(Buffer.from('x'), {
        encrypt: true,
      });
      const report = rotationReport(await rotateJwtSecret(underB.db, underB.config));
      expect(report.exitCode).toBe(2);
      expect(report.lines.join('\n')).toContain(`Nicht lesbare Dateien in DATA_DIR/files: ${stranger}.`);
    } finally {
      await underB.close();
    }
  });

  it("refuses in the master key's rotation too while a server holds the embedded data directory", async () => {
    const marker = path.join(dataDir, DATA_DIR_LOCK_FILE);
    writeFileSync(marker, JSON.stringify(ownLock('server')));
    try {
      const refused = await rotateCommand({ JWT_SECRET: B }, 'rotate-file-key-main.ts');
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('wird gerade benutzt: der Server');
    } finally {
      rmSync(marker);
    }
  });
});
