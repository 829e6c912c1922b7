import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { openPglite } from '../db/pglite.ts';

/** The server to create test databases on: TEST_DATABASE_URL, else the local PostgreSQL. */
export const adminDatabaseUrl = (): string =>
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Which database the integration tests run on: PostgreSQL, or with TEST_DATABASE=embedded the embedded PGlite that
 * `npm start` runs (the vitest project integration-embedded, issue 29 item 2).
 */
export const testDatabaseKind = (): DatabaseHandle['kind'] =>
  process.env.TEST_DATABASE === 'embedded' ? 'pglite' : 'postgres';

export interface TestDatabase {
  /** The PostgreSQL connection string; undefined on the embedded database. */
  url: string | undefined;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A value the integration project's global set-up provides, or undefined outside it (a script using this file). */
function provided(key: 'templateDatabase' | 'embeddedTemplate'): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/** What a test may set of the connection (the app's DATABASE_POOL_SIZE and DATABASE_WAIT_SECONDS). */
export interface TestDatabaseOptions {
  poolSize?: number;
  waitSeconds?: number;
  /** Embedded only: a folder to keep the database in (a small file system) instead of memory. */
  embeddedDir?: string;
}

/** A fresh, migrated database for one test file; drop() removes it. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  return testDatabaseKind() === 'pglite' ? createEmbeddedTestDatabase(options) : createPostgresTestDatabase(options);
}

async function createPostgresTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const name = `dihs_test_${randomBytes(6).toString('hex')}`;
  // the integration project's global set-up migrated a template once (template-database.ts); elsewhere: migrate here
  const template = provided('templateDatabase');
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  const { embeddedDir: _unused, ...settings } = options;
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: '/nonexistent',
    detectNesting: true,
    ...settings,
  });
  if (!template) await handle.migrate();
  return {
    url: url.toString(),
    handle,
    async drop() {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * An embedded database in memory, loaded from the migrated and seeded template the global set-up dumped (about 1 s
 * instead of initdb's 4 s, the migrations and the seed), with the settings `npm start` uses.
 */
async function createEmbeddedTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const template = provided('embeddedTemplate');
  const dump = template ? new Blob([await readFile(template)]) : undefined;
  const { embeddedDir, ...settings } = options;
  const pglite = await openPglite(embeddedDir, dump);
  const handle = await openDatabase({ dataDir: '/nonexistent', pglite, detectNesting: true, ...settings });
  if (!template) await handle.migrate();
  return { url: undefined, handle, drop: () => handle.close() };
}
