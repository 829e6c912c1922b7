import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { verifyChain } from './modules/protokoll/index.ts';

/**
 * `npm run protokoll:pruefen` (docs/operations.md "Database roles"): walks the audit log's hash chain and names the
 * first entry that was changed, removed or inserted out of order. Reads only (the runtime role suffices); exit code
 * 0 when the chain is intact, 2 when it is broken, 1 when the check could not run.
 */
const entries = (n: number) => (n === 1 ? '1 Eintrag' : `${n.toLocaleString('de-DE')} Einträge`);

async function check() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const result = await verifyChain(database.db);
    if (result.intakt) {
      console.log(`Zugriffsprotokoll geprüft: ${entries(result.eintraege)}, die Kette ist unversehrt.`);
    } else {
      console.log(`Zugriffsprotokoll verändert: ${result.meldung}`);
      console.log(`Davor in Ordnung: ${entries(result.eintraege)}.`);
      process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

check().catch((error: unknown) => {
  console.error(`Prüfung nicht möglich: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
