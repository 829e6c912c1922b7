import { and, asc, count, eq, exists, gt, gte, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Termintyp } from '@dihs/contract/termin';
import type { Database } from '../../db/client.ts';
import { TOTAL_WINDOW } from '../../db/paging.ts';
import { withCompiledRows } from '../../db/row-mapper.ts';
import { persons } from '../profil/index.ts';
import { terminTeilnahmen, termine } from './termin.table.ts';
import type { SeatView } from './termin.mapper.ts';
import type { ParticipantRow, TerminWithTherapeut } from './termin.repository.ts';

// The paged appointment lists (operator list, patient plan) as one prepared statement each: the page with the
// therapist's name, the own seat, the participants as JSON and the bounded total in one round trip. Each filter
// combination is one SQL text, built once by Drizzle and prepared once per pool connection (named statement), so a
// request neither builds the query again nor has it parsed and planned again (planning cost more than running it).

export interface ListPage<Row> {
  rows: Row[];
  total: number;
  /** More rows match than `total` says. */
  totalCapped: boolean;
}

const therapistNames = persons('therapeut_person');
const patientNames = persons('patient_person');
const patientSelf = persons('patient_selbst');
const otherSeats = alias(terminTeilnahmen, 'teilnehmer_sitz');

/** The values of a statement's placeholders, by name. */
const p = {
  patient: sql.placeholder('patient'),
  typen: sql.placeholder('typen'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  now: sql.placeholder('now'),
  id: sql.placeholder('id'),
  befund: sql.placeholder('befund'),
  therapeut: sql.placeholder('therapeut'),
  size: sql.placeholder('size'),
  offset: sql.placeholder('offset'),
  bound: sql.placeholder('bound'),
};

/**
 * A comparison with a constant of this file written into the statement's text instead of bound as a value: the
 * prepared statement's generic plan still knows it, so partial indexes such as the seats' "status <> 'STORNIERT'"
 * stay usable and the estimates see the value.
 */
const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);
const isConst = (column: AnyPgColumn, value: string) => sql`${column} = ${literal(value)}`;
const notConst = (column: AnyPgColumn, value: string) => sql`${column} <> ${literal(value)}`;

/** The lists' order: by start, the id breaking ties so pages never overlap. */
const byStart = [asc(termine.datum), asc(termine.id)];

/** One JSON array [patientUserId, teilgenommen, vorname, nachname] per held seat of the outer row's appointment. */
type ParticipantJson = [number, boolean, string | null, string | null];

/** The held seats of the outer row's appointment with names, in booking order, as one JSON value (null: none). */
const participantsJson = sql<ParticipantJson[] | null>`(${new QueryBuilder()
  .select({
    list: sql`json_agg(json_build_array(${otherSeats.patientUserId}, ${otherSeats.teilgenommen}, ${patientNames.vorname}, ${patientNames.nachname}) order by ${otherSeats.id})`,
  })
  .from(otherSeats)
  .leftJoin(patientNames, eq(patientNames.userId, otherSeats.patientUserId))
  .where(and(eq(otherSeats.terminId, termine.id), notConst(otherSeats.status, 'STORNIERT')))})`;

/**
 * The number of appointments matching `where`, counted up to the placeholder `bound` (plus one, to tell a capped
 * count). Uncorrelated, so the database runs it once per statement, not per row.
 */
const boundedCount = (where: SQL | undefined) =>
  sql<number>`(${new QueryBuilder().select({ n: count() }).from(
    new QueryBuilder()
      .select({ one: sql`1` })
      .from(termine)
      .where(where)
      .limit(sql`${p.bound}::int + 1` as unknown as number)
      .as('treffer'),
  )})`.mapWith(Number);

/** The participants of a row as the mapper takes them. */
export const participantRows = (terminId: number, json: ParticipantJson[] | null): ParticipantRow[] =>
  (json ?? []).map(([patientUserId, teilgenommen, vorname, nachname]) => ({
    terminId,
    patientUserId,
    teilgenommen,
    vorname,
    nachname,
  }));

/**
 * The page's total: a page that is not full tells it; otherwise (or for an empty page past the end) the statement's
 * bounded count, which `recount` answers for an empty page.
 */
async function pageTotal(
  rows: { total: number }[],
  offset: number,
  size: number,
  recount: () => Promise<number>,
): Promise<{ total: number; totalCapped: boolean }> {
  if (rows.length < size && (rows.length > 0 || offset === 0)) {
    return { total: offset + rows.length, totalCapped: false };
  }
  const n = rows.length > 0 ? rows[0]!.total : await recount();
  const bound = offset + TOTAL_WINDOW;
  return { total: Math.min(n, bound), totalCapped: n > bound };
}

/**
 * Statements by filter combination, per database handle (tests open several): a handful of texts in practice,
 * each prepared under its own name.
 */
function statementCache<S>() {
  const byDb = new WeakMap<Database, Map<string, S>>();
  return (db: Database, key: string, build: () => S): S => {
    let statements = byDb.get(db);
    if (!statements) byDb.set(db, (statements = new Map<string, S>()));
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = build()));
    return statement;
  };
}

// ---- operator list -----------------------------------------------------------------------------------------------

export interface BetreiberFilter {
  typen: Termintyp[];
  from?: Date;
  to?: Date;
  page: number;
  size: number;
}

export interface OperatorListRow extends TerminWithTherapeut {
  participants: ParticipantRow[];
}

function operatorStatement(db: Database, shape: { from: boolean; to: boolean }) {
  const where = and(
    sql`${termine.termintyp} = any(${p.typen})`,
    shape.from ? gte(termine.datum, p.from) : undefined,
    shape.to ? lt(termine.datum, p.to) : undefined,
  );
  const statement = db
    .select({
      termin: termine,
      vorname: therapistNames.vorname,
      nachname: therapistNames.nachname,
      participants: participantsJson,
      total: boundedCount(where),
    })
    .from(termine)
    .leftJoin(therapistNames, eq(therapistNames.userId, termine.therapeutUserId))
    .where(where)
    .orderBy(...byStart)
    .limit(p.size)
    .offset(p.offset)
    .prepare(`termin_betreiber_${+shape.from}${+shape.to}`);
  return withCompiledRows(statement);
}
const operatorStatements = statementCache<ReturnType<typeof operatorStatement>>();

/** The operator list: every status, filtered by types and dates, sorted by start, paged, with all participants. */
export async function listForOperator(db: Database, filter: BetreiberFilter): Promise<ListPage<OperatorListRow>> {
  const shape = { from: filter.from !== undefined, to: filter.to !== undefined };
  const statement = operatorStatements(db, `${shape.from}${shape.to}`, () => operatorStatement(db, shape));
  const offset = filter.page * filter.size;
  const values = {
    typen: filter.typen,
    from: filter.from ?? null,
    to: filter.to ?? null,
    bound: offset + TOTAL_WINDOW,
  };
  const rows = await statement.execute({ ...values, size: filter.size, offset });
  const recount = async () => (await statement.execute({ ...values, size: 1, offset: 0 }))[0]?.total ?? 0;
  return {
    rows: rows.map(({ participants, total: _total, ...row }) => ({
      ...row,
      participants: participantRows(row.termin.id, participants),
    })),
    ...(await pageTotal(rows, offset, filter.size, recount)),
  };
}

// ---- patient plan ------------------------------------------------------------------------------------------------

export interface PatientFilter {
  patientUserId: number;
  kind: 'frei' | 'angemeldet' | 'alle' | 'url';
  id?: number;
  befund?: string;
  therapeutUserId?: number;
  typen: Termintyp[];
  from: Date;
  to: Date;
  nurFirma: boolean;
  now: Date;
  page: number;
  size: number;
}

/** A row of the patient plan: the own seat as the plan shows it, the participants the patient may see. */
export interface PatientPlanRow extends TerminWithTherapeut {
  seat: SeatView | null;
  participants: ParticipantRow[];
}

/** The patient's company, read by the statement itself (once: an uncorrelated subquery). */
const patientFirma = sql`(${new QueryBuilder()
  .select({ firmaId: patientSelf.firmaId })
  .from(patientSelf)
  .where(eq(patientSelf.userId, p.patient))})`;

/** The plan is a patient's: an unknown, deleted or other account gets no rows (the service tells 404 from empty). */
const isPatient = exists(
  new QueryBuilder()
    .select({ one: sql`1` })
    .from(patientSelf)
    .where(and(eq(patientSelf.userId, p.patient), isConst(patientSelf.role, 'PATIENT'), isNull(patientSelf.deletedAt))),
);

/**
 * What a patient may see: active appointments open to everyone or to the patient's own company, plus the
 * patient's own bookings (also after a cancellation by the operator).
 */
const openToPatient = and(
  isConst(termine.status, 'AKTIV'),
  or(isNull(termine.firmaId), sql`${termine.firmaId} = ${patientFirma}`),
)!;

/** The patient holds a seat (of the given status, else any held one) in the appointment of the outer row. */
const holdsSeat = (status?: 'GEBUCHT') =>
  exists(
    new QueryBuilder()
      .select({ one: sql`1` })
      .from(terminTeilnahmen)
      .where(
        and(
          eq(terminTeilnahmen.terminId, termine.id),
          eq(terminTeilnahmen.patientUserId, p.patient),
          notConst(terminTeilnahmen.status, 'STORNIERT'),
          status ? isConst(terminTeilnahmen.status, status) : undefined,
        ),
      ),
  );

interface PatientShape {
  kind: PatientFilter['kind'];
  befund: boolean;
  therapeut: boolean;
  nurFirma: boolean;
}

/**
 * The filter tests seats with EXISTS, not through the joined seat: so the planner walks an index in start order,
 * joins name and seat row by row and stops after the page instead of joining and sorting every match.
 */
function patientWhere(shape: PatientShape): SQL {
  const kind =
    shape.kind === 'frei'
      ? and(
          isConst(termine.status, 'AKTIV'),
          lt(termine.anzahlTeilnehmer, termine.maxTeilnehmer),
          gt(termine.datum, p.now),
          not(holdsSeat()),
        )
      : shape.kind === 'angemeldet'
        ? holdsSeat('GEBUCHT')
        : shape.kind === 'url'
          ? eq(termine.id, p.id)
          : undefined;
  // 'frei' and 'angemeldet' each imply visibility without the OR, so the planner can walk the
  // (status, datum) index or the patient's seats instead of scanning every appointment.
  const visible =
    shape.kind === 'frei' ? openToPatient : shape.kind === 'angemeldet' ? undefined : or(openToPatient, holdsSeat());
  // one appointment by link ignores the other filters, so a shared link always shows it
  const filters =
    shape.kind === 'url'
      ? []
      : [
          sql`${termine.termintyp} = any(${p.typen})`,
          gte(termine.datum, p.from),
          lt(termine.datum, p.to),
          shape.befund ? eq(termine.befund, p.befund) : undefined,
          shape.therapeut ? eq(termine.therapeutUserId, p.therapeut) : undefined,
          // a patient without a company has no company appointments to narrow to: the filter changes nothing
          shape.nurFirma ? sql`(${patientFirma} is null or ${termine.firmaId} = ${patientFirma})` : undefined,
        ];
  return and(isPatient, visible, kind, ...filters)!;
}

function patientStatement(db: Database, shape: PatientShape) {
  const where = patientWhere(shape);
  // only a booked participant of a shared group appointment sees the others' names
  const shared = and(
    isConst(termine.termintyp, 'GRUPPE'),
    sql`${termine.everyoneView}`,
    isConst(terminTeilnahmen.status, 'GEBUCHT'),
  );
  const statement = db
    .select({
      termin: termine,
      vorname: therapistNames.vorname,
      nachname: therapistNames.nachname,
      // only what the plan shows of the own seat: fewer columns to read and map per row
      seat: {
        status: terminTeilnahmen.status,
        teilgenommen: terminTeilnahmen.teilgenommen,
        beigetreten: terminTeilnahmen.beigetreten,
        herausgeworfen: terminTeilnahmen.herausgeworfen,
      },
      participants: sql<ParticipantJson[] | null>`case when ${shared} then ${participantsJson} end`,
      total: boundedCount(where),
    })
    .from(termine)
    .leftJoin(
      terminTeilnahmen,
      and(
        eq(terminTeilnahmen.terminId, termine.id),
        eq(terminTeilnahmen.patientUserId, p.patient),
        notConst(terminTeilnahmen.status, 'STORNIERT'),
      ),
    )
    .leftJoin(therapistNames, eq(therapistNames.userId, termine.therapeutUserId))
    .where(where)
    .orderBy(...byStart)
    .limit(p.size)
    .offset(p.offset)
    .prepare(`termin_plan_${shape.kind}_${+shape.befund}${+shape.therapeut}${+shape.nurFirma}`);
  return withCompiledRows(statement);
}
const patientStatements = statementCache<ReturnType<typeof patientStatement>>();

/**
 * The patient plan: filtered, sorted and paged in SQL; the own seat (at most one, partial unique index) and the
 * names of a shared group joined. No rows for an account that is no patient.
 */
export async function listForPatient(db: Database, f: PatientFilter): Promise<ListPage<PatientPlanRow>> {
  const url = f.kind === 'url';
  const shape: PatientShape = {
    kind: f.kind,
    befund: !url && Boolean(f.befund),
    therapeut: !url && Boolean(f.therapeutUserId),
    nurFirma: !url && f.nurFirma,
  };
  const key = `${shape.kind}${+shape.befund}${+shape.therapeut}${+shape.nurFirma}`;
  const statement = patientStatements(db, key, () => patientStatement(db, shape));
  const offset = f.page * f.size;
  const values = {
    patient: f.patientUserId,
    typen: f.typen,
    from: f.from,
    to: f.to,
    now: f.now,
    id: f.id ?? 0,
    befund: f.befund ?? null,
    therapeut: f.therapeutUserId ?? null,
    bound: offset + TOTAL_WINDOW,
  };
  const rows = await statement.execute({ ...values, size: f.size, offset });
  const recount = async () => (await statement.execute({ ...values, size: 1, offset: 0 }))[0]?.total ?? 0;
  return {
    rows: rows.map(({ participants, total: _total, ...row }) => ({
      ...row,
      participants: participantRows(row.termin.id, participants),
    })),
    ...(await pageTotal(rows, offset, f.size, recount)),
  };
}
