import { existsSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { isNewEmbeddedDatabase } from './db/embedded-setup.ts';
import { acquireDataDirLock } from './lib/data-dir-lock.ts';
import { rotateJwtSecret, rotationReport } from './rotate-jwt-secret.ts';

/**
 * Rotation of JWT_SECRET (docs/operations.md "Rotating secrets"): start with the new JWT_SECRET and the old one in
 * JWT_SECRETS_PREVIOUS; this re-seals every second factor's key and re-encrypts every encrypted file in
 * DATA_DIR/files under the new secret. Afterwards, and once the old tokens have expired (TOKEN_TTL_SECONDS), the old
 * secret can leave JWT_SECRETS_PREVIOUS. The embedded database only with the server stopped: the command takes the
 * data directory's marker (lib/data-dir-lock.ts) and refuses while a server or a backup holds it.
 */
async function rotate() {
  const config = loadConfig();
  let release = () => {};
  if (!config.databaseUrl && existsSync(config.dataDir)) {
    release = acquireDataDirLock(config.dataDir, 'schluesselwechsel').release;
  }
  let database: DatabaseHandle | null = null;
  try {
    if (config.jwtSecretsPrevious.length === 0) {
      console.log('Hinweis: JWT_SECRETS_PREVIOUS ist leer; es wird nur geprüft, ob alles mit JWT_SECRET lesbar ist.');
    }
    // no migration: the command reads and writes only the second factor's column, which every version has, so the
    // application's own role (DATABASE_URL) suffices
    if (config.databaseUrl || !isNewEmbeddedDatabase(config.dataDir)) {
      database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    }
    const { lines, exitCode } = rotationReport(await rotateJwtSecret(database?.db ?? null, config));
    for (const line of lines) console.log(line);
    process.exitCode = exitCode;
  } finally {
    await database?.close();
    release();
  }
}

rotate().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
