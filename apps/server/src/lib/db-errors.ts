/** PostgreSQL error codes we turn into German answers instead of a 500. */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** The error and its causes, outermost first (Drizzle wraps the driver's error; a few levels at most). */
export function* causeChain(error: unknown): Generator<object> {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The SQLSTATE of a database error, searched along the chain of causes. */
export function sqlState(error: unknown): string | undefined {
  for (const current of causeChain(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Whether the error is a unique constraint violation (a parallel request took the value first). */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === UNIQUE_VIOLATION;

/** Whether the error is a foreign key violation (the referenced row is gone). */
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === FOREIGN_KEY_VIOLATION;

/**
 * Data errors (SQLSTATE class 22: NUL or untranslatable characters, values out of range, malformed dates):
 * the input was bad, not the server, so they answer 400 wherever a schema let such a value through.
 */
export const isBadDataError = (error: unknown): boolean => sqlState(error)?.startsWith('22') ?? false;

/**
 * The database could not write: disk full (53100), out of memory (53200) or a system error of its files (class 58,
 * e.g. an I/O error or a read-only file system). PostgreSQL and the embedded PGlite abort the statement and its transaction and keep
 * running; once the operator has freed space, the same request succeeds (docs/decisions.md, issue 29).
 */
export const isStorageError = (error: unknown): boolean => /^(53100|53200|58...)$/.test(sqlState(error) ?? '');
