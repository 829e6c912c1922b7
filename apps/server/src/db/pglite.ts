import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL settings of the embedded database, given as `-c` start parameters so they hold for existing folders
 * too. PGlite touches all of shared_buffers when it starts and its WebAssembly heap never gives memory back, so
 * PostgreSQL's defaults (shared_buffers 128 MB, maintenance_work_mem 64 MB) would make up most of the process's
 * memory. The demo database with 10,000 appointments is about 14 MB, so 16 MB of buffers hold it; the operating
 * system's file cache holds what does not fit. wal_buffers follows shared_buffers (1/32 of it).
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '1MB',
};

/**
 * Opens (and on first use creates) the embedded PostgreSQL in `dir` (in memory without one), as lean as it serves
 * the demo.
 *
 * V8 compiles PGlite's 9 MB of WebAssembly twice by default: all of it with its baseline compiler (Liftoff) at
 * start, and the functions that run often once more with the optimizing one (TurboFan), keeping both. Liftoff alone
 * measured about 50 MiB less memory and a quarter less processor time for the server's start, for about 7 % more
 * processor time per request of the patient plan (docs/operations.md). The flag holds for every WebAssembly module
 * compiled after it is set, so it is set here, before PGlite compiles its module; the only other one in this
 * process is the small HTTP parser of Node's fetch().
 */
export async function openPglite(dir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  setFlagsFromString('--liftoff-only');
  const { PGlite } = await import('@electric-sql/pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  // no folder: in memory (tests), optionally from a dump of a migrated database (dumpDataDir)
  return PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...settings],
  });
}
