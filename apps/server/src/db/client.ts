import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsDir } from '../lib/paths.ts';
import { DEFAULT_DATABASE_WAIT_SECONDS } from './database-busy.ts';
import { createConnectionQueue } from './embedded-queue.ts';
import { pgliteDir } from './embedded-setup.ts';
import { openPglite } from './pglite.ts';
import { guardRootClient, guardTransactions } from './transaction-scope.ts';

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

/** Who learns how long each statement took (lib/metrics.ts): `abfrage` a statement, `transaktion` a whole one. */
export type QueryListener = (kind: 'abfrage' | 'transaktion', seconds: number) => void;

/**
 * What the metrics read of an open database (issue 35 item 1): the pool's connections at scrape time and, once a
 * listener is set, each statement's duration. Nothing is timed while no listener is set.
 */
export interface DatabaseInstruments {
  kind: DatabaseHandle['kind'];
  /** Connections held and idle, callers waiting for one, the limit (the embedded database: one connection). */
  pool(): { inUse: number; idle: number; waiting: number; max: number };
  observeQueries(listener: QueryListener | null): void;
}

const instrumentsOf = new WeakMap<Database, DatabaseInstruments>();

/** The instruments of a database opened by openDatabase (undefined for one opened otherwise). */
export const databaseInstruments = (db: Database): DatabaseInstruments | undefined => instrumentsOf.get(db);

/** Connections of the pool when the caller names none: what tests and tools need. */
const DEFAULT_POOL_SIZE = 10;

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** DATABASE_WAIT_SECONDS: past it a request gets DatabaseBusyError (503) instead of waiting on (issue 29). */
  waitSeconds?: number;
  /** An embedded database that is already open (tests open one from a migrated template). */
  pglite?: PGlite;
  /**
   * Refuse a root-handle query inside the caller's open transaction (db/transaction-scope.ts). The test suites turn it
   * on; it is off for servers, since Node 20's AsyncLocalStorage slows every promise of the process (measured about
   * 4× for a loop of awaits), and there the wait limit turns the nesting into a 503 that rolls the transaction back.
   */
  detectNesting?: boolean;
}

/** Opens the database named by DATABASE_URL, or the embedded PGlite in {dataDir}/pg. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const waitMs = (options.waitSeconds ?? DEFAULT_DATABASE_WAIT_SECONDS) * 1000;
  const detect = options.detectNesting ?? false;
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_POOL_SIZE, waitMs, detect);
  }
  return wrapPglite(options.pglite ?? (await openPglite(pgliteDir(options.dataDir))), waitMs, detect);
}

async function openPostgres(
  databaseUrl: string,
  poolSize: number,
  waitMs: number,
  detectNesting: boolean,
): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    // a request waits at most this long for a free connection, and a statement runs at most this long (lock waits
    // included); both answer 503 (db/database-busy.ts) instead of holding the request open
    connectionTimeoutMillis: waitMs,
    statement_timeout: waitMs,
  });
  // An idle client losing its connection (database restart, dropped test database) must not end the process;
  // the pool replaces it and the next query reports the error where it can be answered.
  pool.on('error', (error) => console.warn(`Datenbankverbindung verloren: ${error.message}`));
  let listener: QueryListener | null = null;
  // every statement runs on a pooled client (pool.query too), so each new client's query is timed
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = function timedQuery(...args: unknown[]) {
      const observe = listener;
      if (!observe) return query(...args);
      const started = performance.now();
      const done = () => observe('abfrage', (performance.now() - started) / 1000);
      // pool.query hands its statement on with a callback; Drizzle's transactions and prepared statements await it
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (...answer: unknown[]) => {
          done();
          return (callback as (...a: unknown[]) => unknown)(...answer);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) result.then(done, done);
      return result;
    } as typeof client.query;
  });
  const root = detectNesting ? guardRootClient(pool, ['query', 'connect']) : pool;
  const db = drizzle(root) as unknown as Database;
  if (detectNesting) guardTransactions(db);
  instrumentsOf.set(db, {
    kind: 'postgres',
    pool: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    observeQueries: (next) => {
      listener = next;
    },
  });
  return {
    db,
    kind: 'postgres',
    // on a connection of its own without the statement limit: a migration of a large table may take longer
    async migrate() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await migrate(drizzle(client), { migrationsFolder: migrationsDir() });
      } finally {
        await client.end();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The embedded database behind the connection queue (db/embedded-queue.ts), with the nesting guard where asked for:
 * PGlite is one connection, so a second query of the same request inside its transaction waits for the transaction
 * (without the guard until the wait limit, whose error then rolls the transaction back).
 */
async function wrapPglite(client: PGlite, waitMs: number, detectNesting: boolean): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const queue = createConnectionQueue(waitMs);
  let listener: QueryListener | null = null;
  // the one connection's turns as the queue hands them out: a statement outside a transaction, or a whole one
  const timed = (kind: 'abfrage' | 'transaktion', call: () => Promise<unknown>) => async () => {
    const observe = listener;
    if (!observe) return call();
    const started = performance.now();
    try {
      return await call();
    } finally {
      observe(kind, (performance.now() - started) / 1000);
    }
  };
  const guarded = guardRootClient(
    client,
    ['query', 'exec', 'transaction'],
    (method, call) =>
      method === 'transaction'
        ? queue.run('Transaktion', timed('transaktion', call as () => Promise<unknown>))
        : queue.run('Abfrage', timed('abfrage', call as () => Promise<unknown>)),
    detectNesting,
  );
  const db = drizzle(guarded);
  if (detectNesting) guardTransactions(db);
  instrumentsOf.set(db, {
    kind: 'pglite',
    pool: () => {
      const { busy, waiting } = queue.state();
      return { inUse: busy ? 1 : 0, idle: busy ? 0 : 1, waiting, max: 1 };
    },
    observeQueries: (next) => {
      listener = next;
    },
  });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: migrationsDir() }),
    close: () => client.close(),
  };
}

/** How long the readiness probe waits for its round trip before it answers "not ready". */
export const HEALTH_PING_TIMEOUT_MS = 3000;

/** Cheap round trip for the health check: false when it fails or takes longer than `timeoutMs`. */
export async function pingDatabase(db: Database, timeoutMs = HEALTH_PING_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
