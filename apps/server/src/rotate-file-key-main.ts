import { existsSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataDirLock } from './lib/data-dir-lock.ts';
import { rewrapAll, rezeptKeyRing } from './modules/rezept/index.ts';

/**
 * Master-key rotation of the health documents (docs/operations.md): start with the new FILE_MASTER_KEY and a raised
 * FILE_MASTER_KEY_VERSION, the old key in FILE_MASTER_KEYS_PREVIOUS; this re-wraps every data key under the new
 * one without touching contents. Afterwards the old key can leave FILE_MASTER_KEYS_PREVIOUS. The embedded database
 * only with the server stopped: two processes on one PGlite folder would damage it, so the command takes the data
 * directory's marker (lib/data-dir-lock.ts) and refuses while a server or a backup holds it.
 */
async function rotate() {
  const config = loadConfig();
  const held =
    !config.databaseUrl && existsSync(config.dataDir) ? acquireDataDirLock(config.dataDir, 'schluesselwechsel') : null;
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    held?.release();
    throw error;
  }
  try {
    await database.migrate();
    const { rewrapped, damaged } = await rewrapAll(database.db, rezeptKeyRing(config));
    console.log(`Schlüssel neu verpackt: ${rewrapped}; nicht lesbar: ${damaged}.`);
    if (damaged > 0) process.exitCode = 2;
  } finally {
    await database.close();
    held?.release();
  }
}

rotate().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
