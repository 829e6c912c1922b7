import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { openPglite } from '../db/pglite.ts';
import { seedDemoWorld } from '../seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, seeded embedded database every file of integration-embedded loads (test-database.ts). */
    embeddedTemplate: string;
  }
}

/**
 * Vitest global set-up of the integration-embedded project: creates one embedded database with the migrations and
 * the demo world, as `npm start` does, and dumps it to a file each test file loads into a database in memory (about
 * 1 s instead of initdb, the migrations and the seed in every file). Made anew for every run, since the demo world's
 * dates are relative to the day it was seeded; removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'dihs-pglite-tpl-'));
  const file = path.join(folder, 'template.tar');
  const pglite = await openPglite(undefined);
  const handle = await openDatabase({ dataDir: '/nonexistent', pglite });
  try {
    await handle.migrate();
    await seedDemoWorld(handle.db);
    const dump = await pglite.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('embeddedTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
