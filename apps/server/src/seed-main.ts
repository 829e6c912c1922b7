import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoWorld } from './seed.ts';

/** `npm run seed`: migrates and seeds the configured database on request, also a database server. */
async function seed() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const seeded = await seedDemoWorld(database.db);
    console.log(seeded ? 'Demo-Daten angelegt.' : 'Demo-Daten waren schon vorhanden.');
  } finally {
    await database.close();
  }
}

seed().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
