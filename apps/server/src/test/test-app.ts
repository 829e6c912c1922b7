import { randomUUID } from 'node:crypto';
import type { Role } from '@dihs/contract/common/roles';
import { buildApp } from '../app.ts';
import type { AppInput, AppInstance, PatientDataServices } from '../app-types.ts';
import { createLocalFileStore } from '../lib/file-store.ts';
import { configuredObjectStore } from '../lib/object-store/configured-object-store.ts';
import type { ModuleDescriptor } from '../modules/module-descriptor.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedDemoWorld } from '../seed.ts';
import { createTokenService, type TokenService } from '../lib/jwt.ts';
import { DEMO_PASSWORD, startLoginSession } from '../modules/users/index.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { authEndpoints } from '@dihs/contract/auth';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
/** The device cookie of bearer()'s logins (43 base64url characters, as the server sets them). */
export const TEST_DEVICE_KEY = 'testgeraet-testgeraet-testgeraet-testgeraet'.slice(0, 43);

export interface TestApp {
  app: AppInstance;
  db: Database;
  config: Config;
  tokens: TokenService;
  /** Stores and configuration as the app's erasure and export steps get them (the same stores, opened again). */
  services: PatientDataServices;
  /** Logs a demo user in and answers the bearer header value. */
  bearer(email: string, password?: string): Promise<string>;
  /**
   * A bearer for the account without the login's password check (many accounts at once, or a chosen issue time):
   * a stored session and a token of it, as a login makes them.
   */
  sessionBearer(
    account: { id: number; email: string; role: Role; privileges: number[] },
    options?: { issuedAt?: Date },
  ): Promise<string>;
  close(): Promise<void>;
}

/** The whole app on a fresh database with the demo world, for app.inject tests. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppInput, 'now' | 'sessionNow' | 'logStream' | 'tracing'> & {
    modules?: readonly ModuleDescriptor[];
    /** A database the test prepared itself (one on a small file system); dropped by close() like the own. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const setting = (name: string) => (env[name] ? Number(env[name]) : undefined);
  const database =
    options.database ??
    (await createTestDatabase({
      poolSize: setting('DATABASE_POOL_SIZE'),
      waitSeconds: setting('DATABASE_WAIT_SECONDS'),
    }));
  const config = loadConfig({
    NODE_ENV: 'test',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    // every request reads the account state, so tests see a lock or deactivation at once
    SESSION_CHECK_SECONDS: '0',
    // the demo operator logs in without a second factor; the duty's own tests set REQUIRE_2FA_ROLES
    REQUIRE_2FA_ROLES: 'none',
    ...env,
  });
  await seedDemoWorld(database.handle.db);
  const tokens = createTokenService(config.jwtSecret, config.tokenTtlSeconds, config.jwtSecretsPrevious);
  const { modules, database: _prepared, ...input } = options;
  const app = await buildApp({ config, db: database.handle.db, tokens, ...input }, modules);
  await app.ready();
  const objects = configuredObjectStore(config, database.handle.db);
  const files = createLocalFileStore({
    dataDir: config.dataDir,
    secret: config.jwtSecret,
    previousSecrets: config.jwtSecretsPrevious,
  });
  return {
    services: { files, objects: objects.store, config },
    app,
    db: database.handle.db,
    config,
    tokens,
    async bearer(email, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: apiUrl(authEndpoints.anmelden),
        payload: { email, password },
        // one known device for every test login, so none of them is a new device with a mail (sitzungen.int.test.ts)
        headers: { cookie: `dihs_geraet=${TEST_DEVICE_KEY}` },
      });
      if (response.statusCode !== 200) throw new Error(`Login ${email} fehlgeschlagen: ${response.body}`);
      return `Bearer ${response.json<{ token: string }>().token}`;
    },
    async sessionBearer(account, { issuedAt = new Date() } = {}) {
      const sid = randomUUID();
      const token = await tokens.sign(
        { sub: account.email, role: account.role, privileges: account.privileges, userId: account.id, sid },
        { issuedAt },
      );
      const claims = await tokens.verify(token);
      await startLoginSession(database.handle.db, {
        userId: account.id,
        token: { sid, jti: claims!.jti!, exp: claims!.exp, issuedAt },
        startedAt: options.sessionNow?.() ?? new Date(),
        geraet: 'Test',
        browser: 'Test',
        adresse: '127.0.0.1',
        deviceKeyHash: TEST_DEVICE_KEY,
      });
      return `Bearer ${token}`;
    },
    async close() {
      await app.close();
      objects.close();
      await database.drop();
    },
  };
}
