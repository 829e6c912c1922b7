import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * Which tables hold rows about one patient, found in the database catalogue rather than listed by hand, so that a
 * table a module adds later is found too (the self-service export's coverage test). A row is about the patient when
 *  - a person column names the patient: a foreign key to benutzer, or an integer column named `…user_id`,
 *    `…benutzer_id`, `…patient_id` (the deletion job and the audit log keep ids without a key), unless the column
 *    names a member of staff acting on the record (STAFF_COLUMN);
 *  - it hangs, by a foreign key, on a row that is about the patient (a subscription's intervals, a payment's events);
 *  - a text column holds the patient's e-mail address (mails, contact-form feedback: found by scanning values, as
 *    the erasure test does).
 */

/** Person columns of staff acting on a record (a therapist's appointment, an author, an operator's assignment). */
export const STAFF_COLUMN =
  /therapeut|autor|author|akteur|erstellt_von|created_by|zugewiesen_von|gestartet_von|betreiber/;
const PERSON_ID = /(^|_)(user|benutzer|patient)_id$/;
const USERS_TABLE = 'benutzer';
/** Columns whose values are secrets or capabilities: never in the export (docs/datenexport.md). */
export const SECRET_COLUMN = /hash|secret|token|schluessel|redirect_url/;

interface Column {
  table: string;
  column: string;
  dataType: string;
  udtName: string;
  nullable: boolean;
  hasDefault: boolean;
  generated: boolean;
}
interface ForeignKey {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
}
export interface Catalog {
  columns: Column[];
  foreignKeys: ForeignKey[];
  enumLabels: Map<string, string>;
}

/** One table about the patient: the condition that selects the patient's rows, and why it counts. */
export interface PatientTable {
  table: string;
  where: SQL;
  because: string[];
}

// Both drivers answer raw queries with { rows }; the shared Drizzle type leaves the result untyped.
async function rowsOf<T>(db: Database, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

export async function readCatalog(db: Database): Promise<Catalog> {
  const columns = await rowsOf<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
    is_generated: string;
  }>(
    db,
    sql`select c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable, c.column_default, c.is_identity,
               c.is_generated
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  );
  const foreignKeys = await rowsOf<{ table_name: string; column_name: string; ref_table: string; ref_column: string }>(
    db,
    sql`select cl.relname as table_name, a.attname as column_name, rcl.relname as ref_table, ra.attname as ref_column
        from pg_constraint con
        join pg_class cl on cl.oid = con.conrelid
        join pg_namespace n on n.oid = cl.relnamespace
        join pg_class rcl on rcl.oid = con.confrelid
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
        join pg_attribute ra on ra.attrelid = con.confrelid and ra.attnum = con.confkey[1]
        where con.contype = 'f' and n.nspname = 'public' and array_length(con.conkey, 1) = 1`,
  );
  const enums = await rowsOf<{ typname: string; enumlabel: string }>(
    db,
    sql`select t.typname, e.enumlabel from pg_enum e join pg_type t on t.oid = e.enumtypid
        order by t.typname, e.enumsortorder desc`,
  );
  return {
    columns: columns.map((c) => ({
      table: c.table_name,
      column: c.column_name,
      dataType: c.data_type,
      udtName: c.udt_name,
      nullable: c.is_nullable === 'YES',
      hasDefault: c.column_default !== null,
      generated: c.is_identity === 'YES' || c.is_generated === 'ALWAYS',
    })),
    foreignKeys: foreignKeys.map((f) => ({
      table: f.table_name,
      column: f.column_name,
      refTable: f.ref_table,
      refColumn: f.ref_column,
    })),
    // ordered descending, so the map keeps each enum's first label
    enumLabels: new Map(enums.map((e) => [e.typname, e.enumlabel])),
  };
}

const foreignKeyOf = (catalog: Catalog, table: string, column: string) =>
  catalog.foreignKeys.find((fk) => fk.table === table && fk.column === column);

/** A column that names the patient (see the file's comment). */
export function isPatientColumn(catalog: Catalog, column: Column): boolean {
  if (column.table === USERS_TABLE || STAFF_COLUMN.test(column.column)) return false;
  if (foreignKeyOf(catalog, column.table, column.column)?.refTable === USERS_TABLE) return true;
  return ['integer', 'bigint'].includes(column.dataType) && PERSON_ID.test(column.column);
}

const id = (name: string) => sql.identifier(name);
const or = (parts: SQL[]) => sql.join(parts, sql` or `);

/**
 * The tables about the patient by person columns and foreign keys, in dependency order (the account, the tables
 * naming the patient, then the rows hanging on those). The e-mail scan is separate: it depends on the data.
 */
export function patientTablesByKeys(catalog: Catalog, patientId: number): PatientTable[] {
  const found = new Map<string, PatientTable>();
  found.set(USERS_TABLE, { table: USERS_TABLE, where: sql`${id('id')} = ${patientId}`, because: ['das Konto'] });
  const tables = [...new Set(catalog.columns.map((c) => c.table))];
  for (const table of tables) {
    const columns = catalog.columns.filter((c) => c.table === table && isPatientColumn(catalog, c));
    if (columns.length === 0) continue;
    found.set(table, {
      table,
      where: or(columns.map((c) => sql`${id(c.column)} = ${patientId}`)),
      because: columns.map((c) => `${c.column} nennt den Patienten`),
    });
  }
  // rows hanging on rows about the patient, level by level (a fixed point: the chains are short)
  for (let grew = true; grew;) {
    grew = false;
    for (const table of tables) {
      if (found.has(table)) continue;
      const links = catalog.foreignKeys.filter(
        (fk) => fk.table === table && fk.refTable !== USERS_TABLE && found.has(fk.refTable),
      );
      if (links.length === 0) continue;
      found.set(table, {
        table,
        where: or(
          links.map(
            (fk) =>
              sql`${id(fk.column)} in (select ${id(fk.refColumn)} from ${id(fk.refTable)} where ${found.get(fk.refTable)!.where})`,
          ),
        ),
        because: links.map((fk) => `${fk.column} verweist auf ${fk.refTable}`),
      });
      grew = true;
    }
  }
  return [...found.values()];
}

/** Tables with a text column that holds the address in some row (matched exactly: addresses are lower-cased). */
export async function patientTablesByEmail(db: Database, catalog: Catalog, email: string): Promise<PatientTable[]> {
  const found = new Map<string, PatientTable>();
  for (const column of catalog.columns) {
    if (column.table === USERS_TABLE || column.dataType !== 'text') continue;
    const [hit] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${id(column.table)} where ${id(column.column)} = ${email}`,
    );
    if (!hit?.n) continue;
    const previous = found.get(column.table);
    const condition = sql`${id(column.column)} = ${email}`;
    found.set(column.table, {
      table: column.table,
      where: previous ? or([previous.where, condition]) : condition,
      because: [...(previous?.because ?? []), `${column.column} enthält die E-Mail-Adresse`],
    });
  }
  return [...found.values()];
}

export async function countRows(db: Database, table: PatientTable): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${id(table.table)} where ${table.where}`,
  );
  return row?.n ?? 0;
}

/** The patient's rows of a table, by SQL column name (for the id and secret checks). */
export async function patientRows(db: Database, table: PatientTable): Promise<Record<string, unknown>[]> {
  const rows = await rowsOf<{ row: Record<string, unknown> }>(
    db,
    sql`select to_jsonb(t) as row from ${id(table.table)} t where ${table.where}`,
  );
  return rows.map((r) => r.row);
}

let unique = 0;

/** A value a NOT NULL column accepts, by type; text is unique, numbers are 1 (checks ask for positive counts). */
function plainValue(catalog: Catalog, column: Column): SQL {
  switch (column.dataType) {
    case 'integer':
    case 'smallint':
    case 'bigint':
    case 'numeric':
    case 'real':
    case 'double precision':
      return sql`1`;
    case 'text':
    case 'character varying':
      return sql`${`export-test-${column.table}-${column.column}-${++unique}`}`;
    case 'boolean':
      return sql`false`;
    case 'date':
      return sql`'2026-01-15'::date`;
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return sql`now()`;
    case 'jsonb':
    case 'json':
      return sql`'[]'::jsonb`;
    case 'ARRAY':
      return sql`'{}'`;
    case 'bytea':
      return sql`'\\x00'::bytea`;
    case 'uuid':
      return sql`gen_random_uuid()`;
    case 'USER-DEFINED': {
      const label = catalog.enumLabels.get(column.udtName);
      if (label) return sql`${label}::${id(column.udtName)}`;
    }
  }
  throw new Error(`Spalte ${column.table}.${column.column}: Typ ${column.dataType} ohne Testwert`);
}

/**
 * Inserts one row about the patient into a table the fixture left empty: person columns name the patient, links
 * to tables about the patient take one of the patient's rows there, other links any existing row, staff columns
 * the given staff member, every other required column a plain value. Fails with the database's reason.
 */
export async function insertGenericRow(
  db: Database,
  catalog: Catalog,
  target: PatientTable,
  known: ReadonlyMap<string, PatientTable>,
  ids: { patientId: number; staffId: number },
): Promise<void> {
  const names: SQL[] = [];
  const values: SQL[] = [];
  for (const column of catalog.columns.filter((c) => c.table === target.table)) {
    if (column.generated) continue;
    const fk = foreignKeyOf(catalog, column.table, column.column);
    let value: SQL | undefined;
    if (isPatientColumn(catalog, column)) value = sql`${ids.patientId}`;
    else if (fk?.refTable === USERS_TABLE) value = column.nullable ? undefined : sql`${ids.staffId}`;
    else if (fk && known.has(fk.refTable)) {
      value = sql`(select ${id(fk.refColumn)} from ${id(fk.refTable)} where ${known.get(fk.refTable)!.where} limit 1)`;
    } else if (fk) {
      value = column.nullable ? undefined : sql`(select ${id(fk.refColumn)} from ${id(fk.refTable)} limit 1)`;
    } else if (!column.nullable && !column.hasDefault) value = plainValue(catalog, column);
    if (!value) continue;
    names.push(sql`${id(column.column)}`);
    values.push(value);
  }
  await db.execute(
    sql`insert into ${id(target.table)} (${sql.join(names, sql`, `)}) values (${sql.join(values, sql`, `)})`,
  );
}
