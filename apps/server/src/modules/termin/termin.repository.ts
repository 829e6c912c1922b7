import { and, asc, eq, gt, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { persons } from '../profil/index.ts';
import { terminTeilnahmen, termine, type TerminRow, type TerminTeilnahmeRow } from './termin.table.ts';

type Db = Database | Transaction;

export interface TerminWithTherapeut {
  termin: TerminRow;
  vorname: string | null;
  nachname: string | null;
}

/** A row of the patient plan: the appointment, the therapist's name and the patient's own held seat. */
export interface PatientListRow extends TerminWithTherapeut {
  seat: TerminTeilnahmeRow | null;
}

export interface ParticipantRow {
  terminId: number;
  patientUserId: number;
  teilgenommen: boolean;
  vorname: string | null;
  nachname: string | null;
}

// The therapist's and the participants' names, joined into the lists' one query (users owns the profile join).
const therapistNames = persons('therapeut_person');
const patientNames = persons('patient_person');
const patientAccounts = persons('patient_konto');

const selectTermin = (db: Db) =>
  db
    .select({ termin: termine, vorname: therapistNames.vorname, nachname: therapistNames.nachname })
    .from(termine)
    .leftJoin(therapistNames, eq(therapistNames.userId, termine.therapeutUserId));

/** The lists' order: by start, the id breaking ties so pages never overlap. */
const byStart = [asc(termine.datum), asc(termine.id)];

export async function findTermin(db: Db, id: number): Promise<TerminWithTherapeut | undefined> {
  const [row] = await selectTermin(db).where(eq(termine.id, id));
  return row;
}

export async function lockTermin(tx: Transaction, id: number): Promise<TerminRow | undefined> {
  const [row] = await tx.select().from(termine).where(eq(termine.id, id)).for('update');
  return row;
}

export type NewTermin = typeof termine.$inferInsert;
export type NewTerminTeilnahme = typeof terminTeilnahmen.$inferInsert;
/** What an operator's form sets on an appointment (termin.service.ts saveTermin). */
export type TerminValues = Omit<NewTermin, 'id' | 'status' | 'anzahlTeilnehmer'>;

/** A new appointment; answers its id. */
export async function insertTermin(tx: Transaction, values: NewTermin): Promise<number> {
  const [created] = await tx.insert(termine).values(values).returning({ id: termine.id });
  return created!.id;
}

/** Appointments in one statement (the demo world). */
export async function insertTermine(tx: Transaction, rows: NewTermin[]): Promise<void> {
  if (rows.length > 0) await tx.insert(termine).values(rows);
}

/** Seats as given, bypassing the booking's rules (the demo world's past and running appointments). */
export async function insertSeatRows(tx: Transaction, rows: NewTerminTeilnahme[]): Promise<void> {
  if (rows.length > 0) await tx.insert(terminTeilnahmen).values(rows);
}

export async function updateTermin(tx: Transaction, id: number, values: TerminValues): Promise<void> {
  await tx.update(termine).set(values).where(eq(termine.id, id));
}

export async function setTerminStatus(tx: Transaction, id: number, status: TerminRow['status']): Promise<void> {
  await tx.update(termine).set({ status }).where(eq(termine.id, id));
}

/** The seats of an appointment that are not cancelled (booked or reserved). */
export const heldSeatsOf = (tx: Transaction, terminId: number): Promise<TerminTeilnahmeRow[]> =>
  tx
    .select()
    .from(terminTeilnahmen)
    .where(and(eq(terminTeilnahmen.terminId, terminId), ne(terminTeilnahmen.status, 'STORNIERT')));

/** Sets attendance on the patient's booked seat; answers false when the patient has no booked seat there. */
export async function markTeilgenommen(
  db: Db,
  terminId: number,
  patientUserId: number,
  teilgenommen: boolean,
): Promise<boolean> {
  const updated = await db
    .update(terminTeilnahmen)
    .set({ teilgenommen })
    .where(
      and(
        eq(terminTeilnahmen.terminId, terminId),
        eq(terminTeilnahmen.patientUserId, patientUserId),
        eq(terminTeilnahmen.status, 'GEBUCHT'),
      ),
    )
    .returning({ id: terminTeilnahmen.id });
  return updated.length > 0;
}

/** A therapist's appointments of one status from the start of `from` on, sorted by start. */
export const listForTherapist = (db: Db, therapeutUserId: number, status: TerminRow['status'], from: Date) =>
  selectTermin(db)
    .where(and(eq(termine.therapeutUserId, therapeutUserId), eq(termine.status, status), gte(termine.datum, from)))
    .orderBy(...byStart)
    .limit(500);

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

/** Appointments by id that the patient may see, with the own seat (PDF list). */
export const visibleForPatient = (db: Db, patientUserId: number, patientFirmaId: number | null, ids: number[]) =>
  db
    .select({
      termin: termine,
      vorname: therapistNames.vorname,
      nachname: therapistNames.nachname,
      seat: terminTeilnahmen,
    })
    .from(termine)
    .leftJoin(terminTeilnahmen, ownSeatJoin(patientUserId))
    .leftJoin(therapistNames, eq(therapistNames.userId, termine.therapeutUserId))
    .where(and(inArray(termine.id, ids), patientVisible(patientFirmaId)))
    .orderBy(...byStart);

/** The patient's own seats (booked and reserved), sorted by start. */
export const ownBookings = (db: Db, patientUserId: number) =>
  db
    .select({
      termin: termine,
      vorname: therapistNames.vorname,
      nachname: therapistNames.nachname,
      seat: terminTeilnahmen,
    })
    .from(terminTeilnahmen)
    .innerJoin(termine, eq(termine.id, terminTeilnahmen.terminId))
    .leftJoin(therapistNames, eq(therapistNames.userId, termine.therapeutUserId))
    .where(and(eq(terminTeilnahmen.patientUserId, patientUserId), ne(terminTeilnahmen.status, 'STORNIERT')))
    .orderBy(...byStart)
    .limit(1000);

/** Participants (seats not cancelled) of the given appointments, with names. */
export async function participantsOf(db: Db, terminIds: number[]): Promise<ParticipantRow[]> {
  if (terminIds.length === 0) return [];
  return db
    .select({
      terminId: terminTeilnahmen.terminId,
      patientUserId: terminTeilnahmen.patientUserId,
      teilgenommen: terminTeilnahmen.teilgenommen,
      vorname: patientNames.vorname,
      nachname: patientNames.nachname,
    })
    .from(terminTeilnahmen)
    .leftJoin(patientNames, eq(patientNames.userId, terminTeilnahmen.patientUserId))
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

/** Seats that need their reminder: booked, not reminded, starting within (now, until]. Locked, skipping busy rows. */
export const dueReminders = (tx: Transaction, now: Date, until: Date, limit: number) =>
  tx
    .select({ seat: terminTeilnahmen, termin: termine, email: patientAccounts.email })
    .from(terminTeilnahmen)
    .innerJoin(termine, eq(termine.id, terminTeilnahmen.terminId))
    .innerJoin(patientAccounts, eq(patientAccounts.userId, terminTeilnahmen.patientUserId))
    .where(
      and(
        eq(terminTeilnahmen.status, 'GEBUCHT'),
        isNull(terminTeilnahmen.reminderSentAt),
        eq(termine.status, 'AKTIV'),
        gt(termine.datum, now),
        lte(termine.datum, until),
        isNull(patientAccounts.deletedAt),
      ),
    )
    .limit(limit)
    .for('update', { of: terminTeilnahmen, skipLocked: true });

/** Marks seats as reminded (in the transaction that enqueued their reminders). */
export async function markReminded(tx: Transaction, seatIds: number[], now: Date): Promise<void> {
  if (seatIds.length === 0) return;
  await tx.update(terminTeilnahmen).set({ reminderSentAt: now }).where(inArray(terminTeilnahmen.id, seatIds));
}

/**
 * The patient's next booked appointment that has not ended (its session window closes at start + duration), with
 * the therapist's name; sessions the therapist ended early are past.
 */
export async function nextBookedTermin(
  db: Db,
  patientUserId: number,
  now: Date,
): Promise<TerminWithTherapeut | undefined> {
  const [row] = await db
    .select({ termin: termine, vorname: therapistNames.vorname, nachname: therapistNames.nachname })
    .from(terminTeilnahmen)
    .innerJoin(termine, eq(termine.id, terminTeilnahmen.terminId))
    .leftJoin(therapistNames, eq(therapistNames.userId, termine.therapeutUserId))
    .where(
      and(
        eq(terminTeilnahmen.patientUserId, patientUserId),
        eq(terminTeilnahmen.status, 'GEBUCHT'),
        eq(termine.status, 'AKTIV'),
        isNull(termine.sitzungBeendetAt),
        gte(sql`${termine.datum} + ${termine.dauer} * interval '1 minute'`, now),
      ),
    )
    .orderBy(asc(termine.datum), asc(termine.id))
    .limit(1);
  return row;
}

/**
 * Self-service export: the patient's seats (booked, reserved, cancelled) and the appointments they belong to, so
 * that a seat's date, type and therapist can be read without this platform.
 */
export async function exportPatient(db: Db, userId: number): Promise<Record<string, unknown[]>> {
  const seats = await db
    .select()
    .from(terminTeilnahmen)
    .where(eq(terminTeilnahmen.patientUserId, userId))
    .orderBy(asc(terminTeilnahmen.id));
  const terminIds = [...new Set(seats.map((seat) => seat.terminId))];
  const appointments = terminIds.length
    ? await db.select().from(termine).where(inArray(termine.id, terminIds)).orderBy(asc(termine.id))
    : [];
  return { [exportKey(terminTeilnahmen)]: seats, [exportKey(termine)]: appointments };
}

/**
 * Whether the patient booked an appointment with the therapist, past or future (the care relation of the
 * need-to-know check). One indexed probe: the patient's booked seats (termin_teilnahme_patient), each joined to its
 * appointment by primary key.
 */
export async function hasBookingWithTherapist(
  db: Db,
  therapistUserId: number,
  patientUserId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(terminTeilnahmen)
    .innerJoin(termine, eq(termine.id, terminTeilnahmen.terminId))
    .where(
      and(
        eq(terminTeilnahmen.patientUserId, patientUserId),
        eq(terminTeilnahmen.status, 'GEBUCHT'),
        eq(termine.therapeutUserId, therapistUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
