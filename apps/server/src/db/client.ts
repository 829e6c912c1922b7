import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrationsDir } from '../lib/paths.ts';
import { pgliteDir } from './embedded-setup.ts';
import { openPglite } from './pglite.ts';

/**
 * One Drizzle type for both drivers: node-postgres in production and tests, PGlite for `npm start`. Without the
 * schema: the relational query API is not used, and with a schema Drizzle builds a query builder for every table in
 * every transaction it opens.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Connections of the pool when the caller names none: what tests and tools need. */
const DEFAULT_POOL_SIZE = 10;

/** Opens the database named by DATABASE_URL, or the embedded PGlite in {dataDir}/pg. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  const migrationsFolder = migrationsDir();
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? DEFAULT_POOL_SIZE });
    // An idle client losing its connection (database restart, dropped test database) must not end the process;
    // the pool replaces it and the next query reports the error where it can be answered.
    pool.on('error', (error) => console.warn(`Datenbankverbindung verloren: ${error.message}`));
    const db = drizzle(pool);
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migrate(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // PGlite is one connection: it queues every query and transaction itself, so access is serialized.
  const client = await openPglite(pgliteDir(options.dataDir));
  const db = drizzle(client);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Cheap round trip for the health check. */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
