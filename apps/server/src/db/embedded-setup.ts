import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Set in the child process that creates a new embedded database; the entry (main.ts) then only sets it up. */
export const EMBEDDED_SETUP_ENV = 'DIHS_EMBEDDED_SETUP';

/** The folder of the embedded PGlite database inside DATA_DIR. */
export const pgliteDir = (dataDir: string): string => path.join(dataDir, 'pg');

/** True while DATA_DIR holds no embedded database yet (first start): PostgreSQL writes PG_VERSION during initdb. */
export const isNewEmbeddedDatabase = (dataDir: string): boolean =>
  !existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));

/** True in the set-up child started by {@link setUpInChildProcess}. */
export const isEmbeddedSetupProcess = (): boolean => process.env[EMBEDDED_SETUP_ENV] === '1';

/**
 * Runs the entry script once more in a child process with EMBEDDED_SETUP_ENV set; the child creates the database
 * (initdb, migrations, demo data) and exits. Why a process: PGlite's WebAssembly heap only grows, and initdb plus
 * the seed grow it (and V8's buffers around it) to several hundred MiB that a process keeps until it ends. The
 * server opens the finished database afterwards like on a restart, with a restart's memory.
 * The same node flags and loaders (tsx in development) as this process, the same environment and terminal.
 */
export function setUpInChildProcess(entry: string = process.argv[1] ?? ''): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, entry], {
      stdio: 'inherit',
      env: { ...process.env, [EMBEDDED_SETUP_ENV]: '1' },
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new Error(`Einrichtung der eingebetteten Datenbank fehlgeschlagen (${signal ?? `Exit-Code ${code}`})`));
    });
  });
}
