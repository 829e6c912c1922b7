import { AsyncLocalStorage } from 'node:async_hooks';

// Issue 29: the embedded database is one connection. A query sent on the root handle while a transaction of the
// same request holds that connection waits for the transaction, and the transaction waits for the query: the
// process froze for every user. On PostgreSQL the same nesting takes a second pool connection, so it "works" until
// the pool is full of transactions that each wait for one more connection. The rule (ARCHITECTURE.md 4b): inside a
// transaction, every query goes through that transaction. This module makes a break of the rule loud on both
// databases, at once and naming the place, instead of a freeze on one of them: every transaction callback runs in an
// async context that marks the transaction open, and the root connection's entry points refuse to start a query
// while the context of the caller holds an open transaction. Other requests' queries run in their own contexts and
// simply wait their turn.

interface OpenTransaction {
  open: boolean;
  /** Where the transaction began; its stack is formatted only for an error message. */
  readonly begun: Error;
}

const transactionContext = new AsyncLocalStorage<OpenTransaction>();

/** A query or transaction on the root handle while the caller's own transaction is open (a programming error). */
export class NestedDatabaseAccessError extends Error {
  override name = 'NestedDatabaseAccessError';
}

/** The first frame of the project's own code below this module: where the offending call was written. */
function callSite(error: Error): string {
  const frames = (error.stack ?? '').split('\n').slice(1);
  const own = frames.find(
    (frame) => !frame.includes('node_modules') && !frame.includes('node:') && !frame.includes('/db/transaction-scope'),
  );
  return (own ?? frames[0] ?? '').trim().replace(/^at /, '');
}

/** Throws {@link NestedDatabaseAccessError} when the caller's async context holds an open transaction. */
export function assertNoOpenTransaction(what: string): void {
  const open = transactionContext.getStore();
  if (!open?.open) return;
  // the driver's own frames come first; enough of them to reach the project's code that sent the query
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const here = new Error();
  Error.stackTraceLimit = limit;
  throw new NestedDatabaseAccessError(
    `${what} über die Wurzelverbindung, während die Transaktion derselben Anfrage offen ist ` +
      `(${callSite(here)}; Transaktion begonnen in ${callSite(open.begun)}). ` +
      'Die Transaktion (tx) übergeben oder die Abfrage vor der Transaktion ausführen.',
  );
}

/** Whether the caller runs inside an open transaction (a test seam and a check for code that must not). */
export const insideOpenTransaction = (): boolean => transactionContext.getStore()?.open === true;

type TransactionMethod = (work: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/**
 * Makes `db.transaction` refuse to open a second transaction on the root handle from inside an open one, and run
 * its callback in a context marked open until the callback ends (commit and rollback then run on the transaction's
 * own connection, outside the mark).
 */
export function guardTransactions<D extends object>(db: D): D {
  const runner = db as unknown as { transaction: TransactionMethod };
  const original = runner.transaction.bind(db);
  runner.transaction = (work, config) => {
    assertNoOpenTransaction('Transaktion');
    // the stack is captured here (cheap) and formatted only when an error names it
    const scope: OpenTransaction = { open: true, begun: new Error() };
    return original(
      (tx) =>
        transactionContext.run(scope, async () => {
          try {
            return await work(tx);
          } finally {
            scope.open = false;
          }
        }),
      config,
    );
  };
  return db;
}

/**
 * Wraps the named methods of a driver's root client (the pool of node-postgres, the PGlite instance) so that each
 * checks for an open transaction of the caller before it starts; the client's own transactions use other objects
 * (a pool client, PGlite's transaction handle) and are not affected. `through`, if given, runs each admitted call
 * (the embedded database's connection queue); `check` false wraps for `through` only.
 */
export function guardRootClient<C extends object, M extends keyof C & string>(
  client: C,
  methods: readonly M[],
  through?: (method: M, call: () => unknown) => unknown,
  check = true,
): C {
  for (const name of methods) {
    const original = client[name] as unknown as (...args: unknown[]) => unknown;
    if (typeof original !== 'function') throw new Error(`${name} ist keine Methode des Datenbank-Clients`);
    const bound = original.bind(client);
    Object.defineProperty(client, name, {
      configurable: true,
      writable: true,
      value: (...args: unknown[]) => {
        if (check) assertNoOpenTransaction('Abfrage');
        return through ? through(name, () => bound(...args)) : bound(...args);
      },
    });
  }
  return client;
}
