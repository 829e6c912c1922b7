import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { terminTeilnahmen, termine } from './termin.table.ts';

/**
 * Puts the patients into the therapist's care for a test (need-to-know check): one past appointment of the
 * therapist with a booked seat for each.
 */
export async function bookIntoCare(db: Database, therapistUserId: number, ...patientUserIds: number[]) {
  const [termin] = await db
    .insert(termine)
    .values({
      datum: sql`now() - interval '30 days'`,
      dauer: 30,
      termintyp: 'GRUPPE',
      befund: 'Test',
      details: 'Betreuung im Test',
      therapeutUserId: therapistUserId,
      maxTeilnehmer: 20,
      anzahlTeilnehmer: patientUserIds.length,
      status: 'AKTIV',
    })
    .returning();
  await db.insert(terminTeilnahmen).values(
    patientUserIds.map((patientUserId) => ({
      terminId: termin!.id,
      patientUserId,
      status: 'GEBUCHT' as const,
      zahlungsart: 'GUTHABEN' as const,
    })),
  );
}
