import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { warenkoerbe } from './cart.table.ts';

/** Self-service export: the patient's booking carts (the booked seats are in termin_teilnahme). */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const rows = await db
    .select()
    .from(warenkoerbe)
    .where(eq(warenkoerbe.patientUserId, userId))
    .orderBy(asc(warenkoerbe.id));
  return { [exportKey(warenkoerbe)]: rows };
}
