import { DrizzleQueryError, entityKind, is, Param, Placeholder } from 'drizzle-orm';

// A prepared statement of node-postgres runs in Drizzle through three nested tracing spans (no-ops without
// OpenTelemetry, each an async closure), a cache check (`is(cache, NoopCache)`, a prototype walk) and a fill of the
// placeholders that asks `is(p, Placeholder)` of every parameter on every run. For a list read on every page view
// that was about a tenth of the server's CPU per statement beside a bare node-postgres call. The statements of
// db/prepared.ts run here directly instead: the placeholders are resolved once per statement, the query goes to the
// client Drizzle built it for, and the answer is what Drizzle's execute answers (mapped rows, or the driver's result
// for a statement without selected fields). Failures are wrapped as Drizzle wraps them (DrizzleQueryError with the
// driver's error as cause), so error handling and the log's parameter filter see the same errors.
// PGlite's prepared queries are left to Drizzle: the embedded database is for trying the product, not for load.

interface QueryConfig {
  name?: string;
  text: string;
}

/** What Drizzle's NodePgPreparedQuery holds (private in its types). */
interface NodePgPrepared {
  client: { query(config: QueryConfig, values: unknown[]): Promise<{ rows: unknown[] }> };
  params: unknown[];
  queryString: string;
  queryConfig: QueryConfig;
  rawQueryConfig: QueryConfig;
  fields?: unknown[];
  customResultMapper?: (rows: unknown[]) => unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

const isNodePgPrepared = (statement: unknown): statement is NodePgPrepared =>
  (statement as { constructor?: Record<symbol, unknown> })?.constructor?.[entityKind] === 'NodePgPreparedQuery';

type Fill = (values: Record<string, unknown>) => unknown;

/** One parameter's value, as drizzle's fillPlaceholders gives it, decided once. */
function fillOf(param: unknown): Fill {
  const named = (name: string) => (values: Record<string, unknown>) => {
    if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
    return values[name];
  };
  if (is(param, Placeholder)) return named(param.name);
  if (is(param, Param) && is(param.value, Placeholder)) {
    const value = named(param.value.name);
    return (values) => param.encoder.mapToDriverValue(value(values));
  }
  return () => param;
}

/** The parameter list of one run from its placeholder values. */
function compilePlaceholders(params: readonly unknown[]): (values: Record<string, unknown>) => unknown[] {
  const fills = params.map(fillOf);
  return (values) => fills.map((fill) => fill(values));
}

/**
 * Gives a prepared node-postgres statement the direct execute (see above); answers the statement. Other statements
 * (PGlite's, or a select whose rows have no compiled mapper) keep Drizzle's.
 */
export function withDirectExecute<S>(statement: S): S {
  if (!isNodePgPrepared(statement)) return statement;
  const { client, queryString, queryConfig, rawQueryConfig, fields, customResultMapper } = statement;
  if (fields && !customResultMapper) return statement;
  const fill = compilePlaceholders(statement.params);
  const run = async (config: QueryConfig, values: Record<string, unknown>) => {
    const params = fill(values);
    try {
      return await client.query(config, params);
    } catch (error) {
      throw new DrizzleQueryError(queryString, params, error as Error);
    }
  };
  statement.execute = customResultMapper
    ? async (values = {}) => customResultMapper((await run(queryConfig, values)).rows)
    : (values = {}) => run(rawQueryConfig, values);
  return statement;
}
