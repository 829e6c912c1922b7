import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { rewrapAll, rezeptKeyRing } from './modules/rezept/index.ts';

/**
 * Master-key rotation of the health documents (docs/operations.md): start with the new FILE_MASTER_KEY and a raised
 * FILE_MASTER_KEY_VERSION, the old key in FILE_MASTER_KEYS_PREVIOUS; this re-wraps every data key under the new
 * one without touching contents. Afterwards the old key can leave FILE_MASTER_KEYS_PREVIOUS.
 */
async function rotate() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const { rewrapped, damaged } = await rewrapAll(database.db, rezeptKeyRing(config));
    console.log(`Schlüssel neu verpackt: ${rewrapped}; nicht lesbar: ${damaged}.`);
    if (damaged > 0) process.exitCode = 2;
  } finally {
    await database.close();
  }
}

rotate().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
