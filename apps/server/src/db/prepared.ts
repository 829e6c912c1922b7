import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client.ts';
import { withDirectExecute } from './direct-execute.ts';
import { withCompiledRows } from './row-mapper.ts';

// Statements of the hot paths (a booking sends twenty), built once per database connection instead of once per call.
// Drizzle builds a query's SQL text anew every time a builder runs (a third of a booking's CPU on the server, most
// of it in drizzle's `is` checks), and PostgreSQL parses and plans every unnamed statement anew. A statement made
// here is built by Drizzle the first time a connection runs it and kept for that connection as a named prepared
// statement, so later runs send only its name and values.
//
// The key is the connection behind the handle: the pool for `db`, the pool client a transaction holds (node-postgres
// hands the same few clients to every transaction, so a transaction reuses what an earlier one prepared on its
// client). PGlite makes a new handle per transaction, so there a statement is built per transaction, as before.

type Db = Database | Transaction;

const takenNames = new Set<string>();

/** The connection a handle runs its statements on (Drizzle keeps it private; it is the key, never called). */
const connectionOf = (db: Db): object => (db._.session as unknown as { client: object }).client;

/** A name is one statement text on every connection: two statements under one name would clash at the database. */
function claim(name: string): void {
  if (takenNames.has(name)) throw new Error(`Die vorbereitete Anweisung "${name}" ist doppelt benannt.`);
  takenNames.add(name);
}

/**
 * A statement built by `build` (a Drizzle query ending in `.prepare(name)`, its values as `sql.placeholder`s) once
 * per connection; answers the prepared query of the handle's connection, to run with `.execute({ … })`. Its rows are
 * mapped by a mapper compiled once (row-mapper.ts); on node-postgres it runs without Drizzle's per-run bookkeeping
 * (direct-execute.ts).
 */
export function preparedStatement<S>(name: string, build: (db: Db, name: string) => S): (db: Db) => S {
  claim(name);
  const byConnection = new WeakMap<object, S>();
  return (db) => {
    const connection = connectionOf(db);
    let statement = byConnection.get(connection);
    if (!statement) byConnection.set(connection, (statement = withDirectExecute(withCompiledRows(build(db, name)))));
    return statement;
  };
}

interface PreparedRaw<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

/**
 * A statement Drizzle has no builder for (an advisory lock, a set-returning function), written with `sql` and
 * placeholders; its rows come as node-postgres or PGlite give them (column names as keys, values as the driver
 * parses them).
 */
export function preparedSql<Row extends Record<string, unknown>>(
  name: string,
  text: SQL,
): (db: Db) => PreparedRaw<Row> {
  return preparedStatement(name, (db, statementName) => {
    const { dialect } = db as unknown as { dialect: PgDialect };
    const query = db._.session.prepareQuery(dialect.sqlToQuery(text), undefined, statementName, false);
    return {
      execute: async (values) => {
        const result = (await query.execute(values)) as { rows: Row[] } | Row[];
        return Array.isArray(result) ? result : result.rows;
      },
    };
  });
}
