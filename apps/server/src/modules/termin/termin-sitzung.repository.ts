import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { terminTeilnahmen, termine } from './termin.table.ts';

type Db = Database | Transaction;

/**
 * What the video module reads and writes of an appointment: the session flags on termin (ended, locked) and the
 * seat flags (beigetreten, teilgenommen, herausgeworfen). Seats are the patient's current, not cancelled one.
 */
const currentSeat = (terminId: number, patientUserIds: number[]) =>
  and(
    eq(terminTeilnahmen.terminId, terminId),
    inArray(terminTeilnahmen.patientUserId, patientUserIds),
    ne(terminTeilnahmen.status, 'STORNIERT'),
  );

export async function markSeatBeigetreten(db: Db, terminId: number, patientUserId: number): Promise<void> {
  await db
    .update(terminTeilnahmen)
    .set({ beigetreten: true })
    .where(currentSeat(terminId, [patientUserId]));
}

export async function markSeatsTeilgenommen(db: Db, terminId: number, patientUserIds: number[]): Promise<void> {
  if (patientUserIds.length === 0) return;
  await db.update(terminTeilnahmen).set({ teilgenommen: true }).where(currentSeat(terminId, patientUserIds));
}

/** True when the patient held a seat that is now marked. */
export async function markSeatHerausgeworfen(db: Db, terminId: number, patientUserId: number): Promise<boolean> {
  const rows = await db
    .update(terminTeilnahmen)
    .set({ herausgeworfen: true })
    .where(currentSeat(terminId, [patientUserId]))
    .returning({ id: terminTeilnahmen.id });
  return rows.length > 0;
}

export async function setSitzungGesperrt(db: Db, terminId: number, gesperrt: boolean): Promise<void> {
  await db.update(termine).set({ sitzungGesperrt: gesperrt }).where(eq(termine.id, terminId));
}

export async function setSitzungBeendet(db: Db, terminId: number, at: Date): Promise<void> {
  await db.update(termine).set({ sitzungBeendetAt: at }).where(eq(termine.id, terminId));
}
