import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import type { PatientDataServices } from '../module-descriptor.ts';
import { exportedFile, exportKey } from '../../lib/patient-export.ts';
import { documentation, profiles } from './profil.table.ts';

/**
 * Self-service export: the profile (with the photo as a file, where one is stored) and the documentation written
 * about the patient, the operators' remarks included (DSGVO Art. 15 covers them).
 */
export async function exportPatient(
  db: Database | Transaction,
  userId: number,
  { files }: PatientDataServices,
): Promise<Record<string, unknown[]>> {
  const profile = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const entries = await db
    .select()
    .from(documentation)
    .where(eq(documentation.patientUserId, userId))
    .orderBy(asc(documentation.id));
  return {
    [exportKey(profiles)]: await Promise.all(
      profile.map(async ({ profilbild, ...row }) => ({
        ...row,
        profilbild: profilbild ? await exportedFile(files, profilbild, 'profilbild') : null,
      })),
    ),
    [exportKey(documentation)]: entries,
  };
}
