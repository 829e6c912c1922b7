import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

// Drizzle maps every row of a select by walking the selected fields and asking `is(field, Column)` (a prototype
// walk) for each value of each row: for a page of 50 appointments with 30 fields that was about a tenth of a list
// request's time on the server. The mapper here asks once per statement and keeps, per field, where its value goes
// and which decoder reads it; the rows come out exactly as Drizzle's own mapping (utils.ts, mapResultRow) makes
// them, and a test compares the two on real rows (row-mapper.int.test.ts).

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A selected field as Drizzle keeps it on a prepared select: its path in the result and what it selects. */
interface SelectedField {
  path: string[];
  field: unknown;
}

/** What a prepared select of either driver (node-postgres, PGlite) holds; Drizzle does not export the type. */
interface PreparedSelect {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** A value's decoder: the column itself, or the one an `sql` expression carries (Drizzle marks it internal). */
const decoderOf = (field: unknown): Decoder => {
  if (is(field, Column)) return field;
  const expression = is(field, SQL) ? field : is(field, Subquery) ? field._.sql : (field as { sql: SQL }).sql;
  return (expression as unknown as { decoder: Decoder }).decoder;
};

/**
 * The mapper of one statement, or undefined for a shape it does not cover (a path deeper than two): that
 * statement keeps Drizzle's mapping.
 */
export function compileRowMapper(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): ((rows: unknown[][]) => Record<string, unknown>[]) | undefined {
  if (fields.some(({ path }) => path.length < 1 || path.length > 2)) return undefined;
  const columns = fields.map(({ path, field }) => ({
    key: path[0]!,
    inner: path[1],
    decoder: decoderOf(field),
  }));
  // Drizzle's rule for a left-joined table's object: null when the value of its first column is null, as long as
  // every column of that object is of that one table and the join may miss.
  const nullable: { key: string; index: number }[] = [];
  if (joinsNotNullableMap) {
    const tables = new Map<string, { index: number; table: string | false }>();
    fields.forEach(({ path, field }, index) => {
      if (path.length !== 2 || !is(field, Column)) return;
      const table = getTableName(field.table);
      const seen = tables.get(path[0]!);
      if (!seen) tables.set(path[0]!, { index, table });
      else if (seen.table !== table) seen.table = false;
    });
    for (const [key, { index, table }] of tables) {
      if (table !== false && !joinsNotNullableMap[table]) nullable.push({ key, index });
    }
  }
  return (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const { key, inner, decoder } = columns[i]!;
        const raw = row[i];
        const value = raw === null ? null : decoder.mapFromDriverValue(raw);
        if (inner === undefined) result[key] = value;
        else ((result[key] ??= {}) as Record<string, unknown>)[inner] = value;
      }
      for (const { key, index } of nullable) if (row[index] === null) result[key] = null;
      return result;
    });
}

/** Gives a prepared Drizzle select the compiled mapper (see above); answers the statement. */
export function withCompiledRows<S>(statement: S): S {
  const prepared = statement as PreparedSelect;
  if (!prepared.fields || prepared.customResultMapper) return statement;
  const mapper = compileRowMapper(prepared.fields, prepared.joinsNotNullableMap);
  if (mapper) prepared.customResultMapper = mapper;
  return statement;
}
