import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { deletionJobs } from './loeschung.table.ts';

/** Self-service export: a deletion of the account that an operator started (at most one). */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const rows = await db.select().from(deletionJobs).where(eq(deletionJobs.patientUserId, userId));
  return { [exportKey(deletionJobs)]: rows };
}
