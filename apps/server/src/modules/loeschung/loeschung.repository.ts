import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { deletionJobs } from './loeschung.table.ts';

export const findJob = async (db: Database, patientUserId: number) =>
  (await db.select().from(deletionJobs).where(eq(deletionJobs.patientUserId, patientUserId)))[0];

/** Creates the job unless one exists (the unique patient id makes a second click harmless). */
export async function createJob(db: Database, patientUserId: number, startedBy: number) {
  await db.insert(deletionJobs).values({ patientUserId, startedBy }).onConflictDoNothing();
  return findJob(db, patientUserId);
}

export const unfinishedJobs = (db: Database) =>
  db.select().from(deletionJobs).where(eq(deletionJobs.status, 'gestartet'));

export async function markJob(db: Database, id: number, status: 'abgeschlossen' | 'fehler', error?: string) {
  await db
    .update(deletionJobs)
    .set({ status, finishedAt: new Date(), lastError: error ?? null })
    .where(eq(deletionJobs.id, id));
}

/** Self-service export: a deletion of the account that an operator started (at most one). */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const rows = await db.select().from(deletionJobs).where(eq(deletionJobs.patientUserId, userId));
  return { [exportKey(deletionJobs)]: rows };
}
