import { and, asc, count, desc, eq, getTableColumns, gt, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { persons } from '../profil/index.ts';
import { zugriffsprotokoll, zugriffsprotokollKette, type NewZugriffsprotokollRow } from './protokoll.table.ts';

type Db = Database | Transaction;

/**
 * One entry, the usual case (every read of a patient's record writes one): prepared once per connection
 * (db/prepared.ts), so the read it accounts for does not pay for Drizzle building an INSERT each time.
 */
const insertOne = preparedStatement('zugriffsprotokoll_eintrag', (db, name) =>
  db
    .insert(zugriffsprotokoll)
    .values({
      akteurUserId: sql.placeholder('akteurUserId'),
      akteurRolle: sql.placeholder('akteurRolle'),
      patientUserId: sql.placeholder('patientUserId'),
      art: sql.placeholder('art'),
      aktion: sql.placeholder('aktion'),
      datensatzId: sql.placeholder('datensatzId'),
      endpunkt: sql.placeholder('endpunkt'),
      adresse: sql.placeholder('adresse'),
      ergebnis: sql.placeholder('ergebnis'),
      status: sql.placeholder('status'),
    })
    .prepare(name),
);

/** Appends entries (the only write the application does outside maintenance). */
export async function insertEntries(db: Db, rows: readonly NewZugriffsprotokollRow[]): Promise<void> {
  const [only] = rows;
  if (rows.length === 1 && only && only.zeitpunkt === undefined) {
    await insertOne(db).execute({
      ...only,
      akteurUserId: only.akteurUserId ?? null,
      patientUserId: only.patientUserId ?? null,
      datensatzId: only.datensatzId ?? null,
      adresse: only.adresse ?? null,
    });
  } else if (rows.length) {
    await db.insert(zugriffsprotokoll).values([...rows]);
  }
}

/**
 * Retention: deletes the entries older than the given instant as a prefix of the chain and keeps the last deleted
 * entry's hash as the chain's anchor (the owner's function zugriffsprotokoll_aufbewahren; only the owner role may
 * call it, so `db` is the owner's connection where the roles are separate); answers how many.
 */
export async function deleteOlderThan(db: Database, before: Date): Promise<number> {
  // both drivers answer { rows } (node-postgres and PGlite)
  const result: unknown = await db.execute(
    sql`select zugriffsprotokoll_aufbewahren(${before.toISOString()}::timestamptz) as n`,
  );
  return Number((result as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
}

/**
 * Patient erasure: the entries stay (they account for the staff's accesses), but no longer name the patient; where
 * the patient was the actor, neither the actor nor the address remain. The owner's function does it, so the runtime
 * role needs no UPDATE right on the log; the chain keeps verifying (each field's salt becomes its seal).
 */
export async function anonymisePatient(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(sql`select zugriffsprotokoll_anonymisieren(${userId}::integer)`);
}

const chainColumns = {
  id: zugriffsprotokoll.id,
  ketteNr: zugriffsprotokoll.ketteNr,
  zeitpunkt: zugriffsprotokoll.zeitpunkt,
  /** The stored instant to the microsecond (a Date keeps milliseconds only). */
  zeitpunktMikros: sql<string>`((extract(epoch from ${zugriffsprotokoll.zeitpunkt}) * 1000000)::bigint)::text`,
  akteurUserId: zugriffsprotokoll.akteurUserId,
  akteurRolle: zugriffsprotokoll.akteurRolle,
  patientUserId: zugriffsprotokoll.patientUserId,
  art: zugriffsprotokoll.art,
  aktion: zugriffsprotokoll.aktion,
  datensatzId: zugriffsprotokoll.datensatzId,
  endpunkt: zugriffsprotokoll.endpunkt,
  adresse: zugriffsprotokoll.adresse,
  ergebnis: zugriffsprotokoll.ergebnis,
  status: zugriffsprotokoll.status,
  akteurSiegel: zugriffsprotokoll.akteurSiegel,
  patientSiegel: zugriffsprotokoll.patientSiegel,
  kette: zugriffsprotokoll.kette,
};
export type ChainEntry = Awaited<ReturnType<typeof chainEntries>>[number];

/** The verifier's walk: up to `limit` entries after chain number `after`, in chain order. */
export function chainEntries(db: Database, after: number, limit: number) {
  return db
    .select(chainColumns)
    .from(zugriffsprotokoll)
    .where(gt(zugriffsprotokoll.ketteNr, after))
    .orderBy(asc(zugriffsprotokoll.ketteNr))
    .limit(limit);
}

/** The chain's anchor (after retention) and its recorded end. */
export async function chainEnds(db: Database) {
  const rows = await db.select().from(zugriffsprotokollKette);
  return {
    anfang: rows.find((row) => row.stelle === 'anfang'),
    ende: rows.find((row) => row.stelle === 'ende'),
  };
}

const akteur = persons('akteur');
const patient = persons('patient');

export interface EntryFilter {
  /** Part of the patient's name or e-mail. */
  patient?: string | undefined;
  /** Part of the acting user's name or e-mail. */
  benutzer?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
  page: number;
  size: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matches(person: typeof akteur | typeof patient, text: string): SQL | undefined {
  const pattern = likePattern(text);
  return or(
    ilike(person.email, pattern),
    ilike(person.vorname, pattern),
    ilike(person.nachname, pattern),
    ilike(sql`${person.vorname} || ' ' || ${person.nachname}`, pattern),
  );
}

const entryColumns = {
  id: zugriffsprotokoll.id,
  zeitpunkt: zugriffsprotokoll.zeitpunkt,
  akteurUserId: zugriffsprotokoll.akteurUserId,
  akteurRolle: zugriffsprotokoll.akteurRolle,
  akteurVorname: akteur.vorname,
  akteurNachname: akteur.nachname,
  akteurEmail: akteur.email,
  patientUserId: zugriffsprotokoll.patientUserId,
  patientVorname: patient.vorname,
  patientNachname: patient.nachname,
  patientEmail: patient.email,
  art: zugriffsprotokoll.art,
  aktion: zugriffsprotokoll.aktion,
  datensatzId: zugriffsprotokoll.datensatzId,
  endpunkt: zugriffsprotokoll.endpunkt,
  adresse: zugriffsprotokoll.adresse,
  ergebnis: zugriffsprotokoll.ergebnis,
  status: zugriffsprotokoll.status,
};
export type EntryRow = Awaited<ReturnType<typeof listEntries>>['rows'][number];

/** The operators' view: entries with the names of actor and patient, filtered, newest first, one page and the total. */
export async function listEntries(db: Database, filter: EntryFilter) {
  const conditions = [
    filter.patient ? matches(patient, filter.patient) : undefined,
    filter.benutzer ? matches(akteur, filter.benutzer) : undefined,
    filter.from ? gte(zugriffsprotokoll.zeitpunkt, filter.from) : undefined,
    filter.until ? lt(zugriffsprotokoll.zeitpunkt, filter.until) : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select(entryColumns)
    .from(zugriffsprotokoll)
    .leftJoin(akteur, eq(akteur.userId, zugriffsprotokoll.akteurUserId))
    .leftJoin(patient, eq(patient.userId, zugriffsprotokoll.patientUserId))
    .where(where)
    .orderBy(desc(zugriffsprotokoll.zeitpunkt), desc(zugriffsprotokoll.id))
    .limit(filter.size)
    .offset(filter.page * filter.size);
  const [total] = await db
    .select({ n: count() })
    .from(zugriffsprotokoll)
    .leftJoin(akteur, eq(akteur.userId, zugriffsprotokoll.akteurUserId))
    .leftJoin(patient, eq(patient.userId, zugriffsprotokoll.patientUserId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * What a patient sees: admitted accesses to their records by someone else (staff; a patient reaches no other
 * patient's records), newest first.
 */
export async function listAccessesOf(db: Database, patientUserId: number, page: number, size: number) {
  const where = and(
    eq(zugriffsprotokoll.patientUserId, patientUserId),
    eq(zugriffsprotokoll.ergebnis, 'ERLAUBT'),
    ne(zugriffsprotokoll.akteurRolle, 'PATIENT'),
  );
  const rows = await db
    .select({
      id: zugriffsprotokoll.id,
      zeitpunkt: zugriffsprotokoll.zeitpunkt,
      rolle: zugriffsprotokoll.akteurRolle,
      vorname: akteur.vorname,
      nachname: akteur.nachname,
      art: zugriffsprotokoll.art,
      aktion: zugriffsprotokoll.aktion,
    })
    .from(zugriffsprotokoll)
    .leftJoin(akteur, eq(akteur.userId, zugriffsprotokoll.akteurUserId))
    .where(where)
    .orderBy(desc(zugriffsprotokoll.zeitpunkt), desc(zugriffsprotokoll.id))
    .limit(size)
    .offset(page * size);
  const [total] = await db.select({ n: count() }).from(zugriffsprotokoll).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Self-service export: every audit entry about the patient's records and every access the patient made. */
export async function exportPatient(db: Db, userId: number): Promise<Record<string, unknown[]>> {
  const {
    ketteNr: _nr,
    akteurSiegel: _a,
    patientSiegel: _p,
    kette: _k,
    ...exported
  } = getTableColumns(zugriffsprotokoll);
  const rows = await db
    .select(exported)
    .from(zugriffsprotokoll)
    .where(or(eq(zugriffsprotokoll.patientUserId, userId), eq(zugriffsprotokoll.akteurUserId, userId)))
    .orderBy(asc(zugriffsprotokoll.id));
  return { [exportKey(zugriffsprotokoll)]: rows };
}
