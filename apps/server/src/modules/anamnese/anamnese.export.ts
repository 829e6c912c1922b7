import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { anamnesen } from './anamnese.table.ts';

/** Self-service export: the medical history as stored (answers, privacy checkbox, signature). */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  return { [exportKey(anamnesen)]: await db.select().from(anamnesen).where(eq(anamnesen.patientUserId, userId)) };
}
