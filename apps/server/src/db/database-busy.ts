import { causeChain, sqlState } from '../lib/db-errors.ts';

/** How long a query may wait for a connection (and, on PostgreSQL, run) when DATABASE_WAIT_SECONDS is unset. */
export const DEFAULT_DATABASE_WAIT_SECONDS = 15;

/**
 * A request waited for the database longer than DATABASE_WAIT_SECONDS (issue 29 item 3): the embedded database's
 * one connection or a pool connection was not free in time, or a statement ran past the limit. The error handler
 * answers 503 with a German message and logs, at warn, the endpoint and what was waited for.
 */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
  constructor(
    /** What the request waited for, in words for the log (never values or health data). */
    readonly waitedFor: string,
    readonly waitedMs: number,
    /** What held the connection meanwhile and since when (embedded database only). */
    readonly heldBy?: { what: string; forMs: number },
  ) {
    super(`Datenbank nach ${Math.round(waitedMs / 1000)} s nicht verfügbar: ${waitedFor}`);
  }
}

/** SQLSTATE of a statement cancelled by statement_timeout (PostgreSQL's query_canceled). */
const QUERY_CANCELED = '57014';

/** node-postgres's message when no pool connection became free within connectionTimeoutMillis. */
const POOL_TIMEOUT = /timeout exceeded when trying to connect/i;

/** Whether a driver error means "waited too long" on PostgreSQL (a pool connection, or a statement's time). */
export function postgresWaitKind(error: unknown): 'Verbindung' | 'Anweisung' | undefined {
  if (sqlState(error) === QUERY_CANCELED) return 'Anweisung';
  for (const current of causeChain(error)) {
    const { message } = current as { message?: unknown };
    if (typeof message === 'string' && POOL_TIMEOUT.test(message)) return 'Verbindung';
  }
  return undefined;
}

/** The busy error inside a chain of causes (Drizzle wraps the driver's errors), if any. */
export function databaseBusyCause(error: unknown): DatabaseBusyError | undefined {
  for (const current of causeChain(error)) if (current instanceof DatabaseBusyError) return current;
  return undefined;
}
