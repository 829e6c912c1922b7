import { asc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { termine, terminTeilnahmen } from './termin.table.ts';

/**
 * Self-service export: the patient's seats (booked, reserved, cancelled) and the appointments they belong to, so
 * that a seat's date, type and therapist can be read without this platform.
 */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
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
