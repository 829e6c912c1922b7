import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SETUP_ENV, isNewEmbeddedDatabase, pgliteDir, setUpInChildProcess } from './embedded-setup.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'dihs-embedded-setup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for the server entry: records its process id and the set-up variable, then exits with `code`. */
function entry(name: string, code: number): string {
  const file = path.join(dir, `${name}.mjs`);
  const report = path.join(dir, `${name}.json`);
  writeFileSync(
    file,
    `import { writeFileSync } from 'node:fs';
writeFileSync(${JSON.stringify(report)}, JSON.stringify({ pid: process.pid, setup: process.env.${EMBEDDED_SETUP_ENV} ?? null }));
process.exit(${code});
`,
  );
  return file;
}

const report = (name: string) =>
  JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as { pid: number; setup: string | null };

describe('embedded database set-up', () => {
  it('calls a data folder new until PostgreSQL has written PG_VERSION into its pg folder', () => {
    const dataDir = path.join(dir, 'data');
    expect(isNewEmbeddedDatabase(dataDir)).toBe(true);
    mkdirSync(pgliteDir(dataDir), { recursive: true });
    expect(isNewEmbeddedDatabase(dataDir)).toBe(true);
    writeFileSync(path.join(pgliteDir(dataDir), 'PG_VERSION'), '18\n');
    expect(isNewEmbeddedDatabase(dataDir)).toBe(false);
  });

  it('runs the entry in another process with the set-up variable and waits for it', async () => {
    await setUpInChildProcess(entry('ok', 0));
    const child = report('ok');
    expect(child.setup).toBe('1');
    expect(child.pid).not.toBe(process.pid);
    expect(process.env[EMBEDDED_SETUP_ENV]).toBeUndefined();
  });

  it('fails with the exit code when the set-up process fails', async () => {
    await expect(setUpInChildProcess(entry('failing', 3))).rejects.toThrow(
      'Einrichtung der eingebetteten Datenbank fehlgeschlagen (Exit-Code 3)',
    );
    expect(report('failing').setup).toBe('1');
  });
});
