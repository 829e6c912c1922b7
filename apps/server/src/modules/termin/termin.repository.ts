import { and, asc, count, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Termintyp } from '@dihs/contract/termin';
import type { Database, Transaction } from '../../db/client.ts';
import { profiles } from '../profil/index.ts';
import { users } from '../users/index.ts';
import { terminTeilnahmen, termine, type TerminRow, type TerminTeilnahmeRow } from './termin.table.ts';

type Db = Database | Transaction;

export interface TerminWithTherapeut {
  termin: TerminRow;
  vorname: string | null;
  nachname: string | null;
}

export interface ParticipantRow {
  terminId: number;
  patientUserId: number;
  teilgenommen: boolean;
  vorname: string | null;
  nachname: string | null;
}

const selectTermin = (db: Db) =>
  db
    .select({ termin: termine, vorname: profiles.vorname, nachname: profiles.nachname })
    .from(termine)
    .leftJoin(profiles, eq(profiles.userId, termine.therapeutUserId));

export async function findTermin(db: Db, id: number): Promise<TerminWithTherapeut | undefined> {
  const [row] = await selectTermin(db).where(eq(termine.id, id));
  return row;
}

export async function lockTermin(tx: Transaction, id: number): Promise<TerminRow | undefined> {
  const [row] = await tx.select().from(termine).where(eq(termine.id, id)).for('update');
  return row;
}

export interface BetreiberFilter {
  typen: Termintyp[];
  from?: Date;
  to?: Date;
  page: number;
  size: number;
}

/** The operator list: every status, filtered by types and dates, sorted by start, paged in SQL. */
export async function listForOperator(db: Db, filter: BetreiberFilter) {
  const where = and(
    inArray(termine.termintyp, filter.typen),
    filter.from ? gte(termine.datum, filter.from) : undefined,
    filter.to ? lt(termine.datum, filter.to) : undefined,
  );
  const rows = await selectTermin(db)
    .where(where)
    .orderBy(asc(termine.datum), asc(termine.id))
    .limit(filter.size)
    .offset(filter.page * filter.size);
  const [total] = await db.select({ n: count() }).from(termine).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A therapist's appointments of one status from the start of `from` on, sorted by start. */
export const listForTherapist = (db: Db, therapeutUserId: number, status: TerminRow['status'], from: Date) =>
  selectTermin(db)
    .where(and(eq(termine.therapeutUserId, therapeutUserId), eq(termine.status, status), gte(termine.datum, from)))
    .orderBy(asc(termine.datum), asc(termine.id))
    .limit(500);

export interface PatientFilter {
  patientUserId: number;
  patientFirmaId: number | null;
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

/**
 * What a patient may see: active appointments open to everyone or to the patient's own company, plus the
 * patient's own bookings (also after a cancellation by the operator).
 */
const openToPatient = (patientFirmaId: number | null): SQL =>
  and(
    eq(termine.status, 'AKTIV'),
    patientFirmaId === null
      ? isNull(termine.firmaId)
      : or(isNull(termine.firmaId), eq(termine.firmaId, patientFirmaId)),
  )!;

function patientVisible(patientFirmaId: number | null): SQL {
  return or(openToPatient(patientFirmaId), sql`${terminTeilnahmen.id} is not null`)!;
}

const ownSeatJoin = (patientUserId: number) =>
  and(
    eq(terminTeilnahmen.terminId, termine.id),
    eq(terminTeilnahmen.patientUserId, patientUserId),
    ne(terminTeilnahmen.status, 'STORNIERT'),
  );

/** The patient plan: filtered, sorted and paged in SQL; the own seat (at most one, partial unique index) joined. */
export async function listForPatient(db: Db, f: PatientFilter) {
  const kind =
    f.kind === 'frei'
      ? and(
          eq(termine.status, 'AKTIV'),
          lt(termine.anzahlTeilnehmer, termine.maxTeilnehmer),
          gt(termine.datum, f.now),
          isNull(terminTeilnahmen.id),
        )
      : f.kind === 'angemeldet'
        ? eq(terminTeilnahmen.status, 'GEBUCHT')
        : f.kind === 'url'
          ? eq(termine.id, f.id ?? 0)
          : undefined;
  // 'frei' and 'angemeldet' each imply visibility without the OR, so the planner can walk the
  // (status, datum) index or the patient's seats instead of scanning every appointment.
  const visible =
    f.kind === 'frei'
      ? openToPatient(f.patientFirmaId)
      : f.kind === 'angemeldet'
        ? undefined
        : patientVisible(f.patientFirmaId);
  const where = and(
    visible,
    kind,
    // one appointment by link ignores the other filters, so a shared link always shows it
    f.kind === 'url' ? undefined : inArray(termine.termintyp, f.typen),
    f.kind === 'url' ? undefined : gte(termine.datum, f.from),
    f.kind === 'url' ? undefined : lt(termine.datum, f.to),
    f.kind !== 'url' && f.befund ? eq(termine.befund, f.befund) : undefined,
    f.kind !== 'url' && f.therapeutUserId ? eq(termine.therapeutUserId, f.therapeutUserId) : undefined,
    f.kind !== 'url' && f.nurFirma && f.patientFirmaId !== null ? eq(termine.firmaId, f.patientFirmaId) : undefined,
  );
  const rows = await db
    .select({ termin: termine, vorname: profiles.vorname, nachname: profiles.nachname, seat: terminTeilnahmen })
    .from(termine)
    .leftJoin(terminTeilnahmen, ownSeatJoin(f.patientUserId))
    .leftJoin(profiles, eq(profiles.userId, termine.therapeutUserId))
    .where(where)
    .orderBy(asc(termine.datum), asc(termine.id))
    .limit(f.size)
    .offset(f.page * f.size);
  const [total] = await db
    .select({ n: count() })
    .from(termine)
    .leftJoin(terminTeilnahmen, ownSeatJoin(f.patientUserId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Appointments by id that the patient may see, with the own seat (PDF list). */
export const visibleForPatient = (db: Db, patientUserId: number, patientFirmaId: number | null, ids: number[]) =>
  db
    .select({ termin: termine, vorname: profiles.vorname, nachname: profiles.nachname, seat: terminTeilnahmen })
    .from(termine)
    .leftJoin(terminTeilnahmen, ownSeatJoin(patientUserId))
    .leftJoin(profiles, eq(profiles.userId, termine.therapeutUserId))
    .where(and(inArray(termine.id, ids), patientVisible(patientFirmaId)))
    .orderBy(asc(termine.datum), asc(termine.id));

/** The patient's own seats (booked and reserved), sorted by start. */
export const ownBookings = (db: Db, patientUserId: number) =>
  db
    .select({ termin: termine, vorname: profiles.vorname, nachname: profiles.nachname, seat: terminTeilnahmen })
    .from(terminTeilnahmen)
    .innerJoin(termine, eq(termine.id, terminTeilnahmen.terminId))
    .leftJoin(profiles, eq(profiles.userId, termine.therapeutUserId))
    .where(and(eq(terminTeilnahmen.patientUserId, patientUserId), ne(terminTeilnahmen.status, 'STORNIERT')))
    .orderBy(asc(termine.datum), asc(termine.id))
    .limit(1000);

/** Participants (seats not cancelled) of the given appointments, with names. */
export async function participantsOf(db: Db, terminIds: number[]): Promise<ParticipantRow[]> {
  if (terminIds.length === 0) return [];
  return db
    .select({
      terminId: terminTeilnahmen.terminId,
      patientUserId: terminTeilnahmen.patientUserId,
      teilgenommen: terminTeilnahmen.teilgenommen,
      vorname: profiles.vorname,
      nachname: profiles.nachname,
    })
    .from(terminTeilnahmen)
    .leftJoin(profiles, eq(profiles.userId, terminTeilnahmen.patientUserId))
    .where(and(inArray(terminTeilnahmen.terminId, terminIds), ne(terminTeilnahmen.status, 'STORNIERT')))
    .orderBy(asc(terminTeilnahmen.id));
}

export async function activeSeat(
  db: Db,
  terminId: number,
  patientUserId: number,
): Promise<TerminTeilnahmeRow | undefined> {
  const [row] = await db
    .select()
    .from(terminTeilnahmen)
    .where(
      and(
        eq(terminTeilnahmen.terminId, terminId),
        eq(terminTeilnahmen.patientUserId, patientUserId),
        ne(terminTeilnahmen.status, 'STORNIERT'),
      ),
    );
  return row;
}

export async function userInfo(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firmaId: users.firmaId,
      deletedAt: users.deletedAt,
      vorname: profiles.vorname,
      nachname: profiles.nachname,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Seats that need their reminder: booked, not reminded, starting within (now, until]. Locked, skipping busy rows. */
export const dueReminders = (tx: Transaction, now: Date, until: Date, limit: number) =>
  tx
    .select({ seat: terminTeilnahmen, termin: termine, email: users.email })
    .from(terminTeilnahmen)
    .innerJoin(termine, eq(termine.id, terminTeilnahmen.terminId))
    .innerJoin(users, eq(users.id, terminTeilnahmen.patientUserId))
    .where(
      and(
        eq(terminTeilnahmen.status, 'GEBUCHT'),
        isNull(terminTeilnahmen.reminderSentAt),
        eq(termine.status, 'AKTIV'),
        gt(termine.datum, now),
        lte(termine.datum, until),
        isNull(users.deletedAt),
      ),
    )
    .limit(limit)
    .for('update', { of: terminTeilnahmen, skipLocked: true });
