import { mkdirSync } from 'node:fs';
import { loadConfig, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { grantRuntimeRole } from './db/runtime-role.ts';
import { isEmbeddedSetupProcess, isNewEmbeddedDatabase, setUpInChildProcess } from './db/embedded-setup.ts';
import { seedDemoWorld } from './seed.ts';
import { acquireDataDirLock } from './lib/data-dir-lock.ts';
import { createTokenService } from './lib/jwt.ts';
import { createShutdown } from './lib/shutdown.ts';
import { startTracing } from './lib/tracing.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './modules/users/index.ts';

/**
 * Opens the database, applies the migrations it lacks and, when configured, adds the demo world once. With
 * DATABASE_OWNER_URL the owner migrates and grants DATABASE_URL's role its rights, and stays open for the audit
 * log's retention (docs/operations.md "Database roles").
 */
async function prepareDatabase(config: Config): Promise<{ database: DatabaseHandle; owner?: DatabaseHandle }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    waitSeconds: config.databaseWaitSeconds,
  });
  let owner: DatabaseHandle | undefined;
  try {
    if (config.databaseOwnerUrl) {
      owner = await openDatabase({
        databaseUrl: config.databaseOwnerUrl,
        dataDir: config.dataDir,
        poolSize: 2,
        waitSeconds: config.databaseWaitSeconds,
      });
      await owner.migrate();
      const role = await grantRuntimeRole(owner.db, database.db);
      console.log(
        `Datenbankrollen getrennt: die Anwendung läuft als ${role}, Migrationen und Aufbewahrung als Besitzer.`,
      );
    } else {
      await database.migrate();
    }
    if (config.seedDemo) await seedDemoWorld(database.db);
  } catch (error) {
    await owner?.close();
    await database.close();
    throw error;
  }
  return owner ? { database, owner } : { database };
}

/**
 * Process entry: config, database, migrations, demo data, app, listen; closes cleanly on SIGTERM/SIGINT.
 * A new embedded database is created by a child process first (db/embedded-setup.ts), which runs this entry with
 * EMBEDDED_SETUP_ENV set and stops after the database.
 */
async function main() {
  const config = loadConfig();
  if (isEmbeddedSetupProcess()) {
    const { database, owner } = await prepareDatabase(config);
    await owner?.close();
    await database.close();
    return;
  }
  // before the database and the app: the pg and http instrumentations patch what they open (lib/tracing.ts)
  const tracing = config.otlpEndpoint
    ? await startTracing({
        endpoint: config.otlpEndpoint,
        serviceName: config.otelServiceName,
        warn: (message) => console.warn(message),
      })
    : undefined;
  if (!config.databaseUrl) holdDataDir(config.dataDir);
  if (!config.databaseUrl && isNewEmbeddedDatabase(config.dataDir)) {
    console.log(`Eingebettete Datenbank wird in ${config.dataDir} angelegt (nur beim ersten Start) …`);
    await setUpInChildProcess();
  }
  const { database, owner } = await prepareDatabase(config);

  const app = await buildApp({
    config,
    db: database.db,
    ...(owner ? { ownerDb: owner.db } : {}),
    tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds, config.jwtSecretsPrevious),
    ...(tracing ? { tracing } : {}),
  });

  const shutdown = createShutdown(app, {
    graceMs: config.shutdownGraceSeconds * 1000,
    afterClose: async () => {
      await owner?.close();
      await database.close();
      await tracing?.shutdown();
    },
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.kind }, `Bereit auf ${config.publicUrl}`);
  if (config.seedDemo) printDemoLogins(config.publicUrl);
  console.log(secondFactorDutyLine(config.requireSecondFactorRoles));
}

/**
 * Marks the embedded installation's data directory as the server's until the process ends (lib/data-dir-lock.ts):
 * a second server, a backup or a restore refuses meanwhile; the marker of a killed server does not block.
 */
function holdDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const { release } = acquireDataDirLock(dataDir, 'server');
  // every end passes here: SIGTERM's shutdown and a failed start exit through process.exit
  process.once('exit', release);
}

/** Says at start which roles must set up a second factor (REQUIRE_2FA_ROLES), so nobody is surprised at login. */
function secondFactorDutyLine(roles: readonly string[]): string {
  return roles.length
    ? `Zwei-Faktor-Pflicht (REQUIRE_2FA_ROLES) für: ${roles.join(', ')}. Konten dieser Rollen ohne zweiten Faktor richten ihn bei der Anmeldung zuerst ein.`
    : 'Zwei-Faktor-Pflicht (REQUIRE_2FA_ROLES): keine Rolle (Standard der eingebetteten Demo-Datenbank, damit die Demo-Zugänge ohne Authenticator-App funktionieren).';
}

/** The demo accounts, for a newcomer at the terminal (demo passwords only, never real ones). */
function printDemoLogins(url: string) {
  const lines = DEMO_USERS.map((u) => `  ${u.email.padEnd(24)} ${u.role.padEnd(10)} ${u.note}`);
  console.log(
    `\nDiHS Teletherapie läuft auf ${url}\nDemo-Zugänge (Passwort für alle: ${DEMO_PASSWORD}):\n${lines.join('\n')}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
