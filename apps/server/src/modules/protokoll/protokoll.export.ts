import { asc, eq, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { zugriffsprotokoll } from './protokoll.table.ts';

/** Self-service export: every audit entry about the patient's records and every access the patient made. */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const rows = await db
    .select()
    .from(zugriffsprotokoll)
    .where(or(eq(zugriffsprotokoll.patientUserId, userId), eq(zugriffsprotokoll.akteurUserId, userId)))
    .orderBy(asc(zugriffsprotokoll.id));
  return { [exportKey(zugriffsprotokoll)]: rows };
}
