import type { Database, Transaction } from '../../db/client.ts';
import type { PatientDataServices } from '../module-descriptor.ts';
import { exportedFile } from '../../lib/patient-export.ts';
import { EXPORT_KEYS, profileAndDocumentationOf } from './profil.repository.ts';

/**
 * Self-service export: the profile (with the photo as a file, where one is stored) and the documentation written
 * about the patient, the operators' remarks included (DSGVO Art. 15 covers them).
 */
export async function exportPatient(
  db: Database | Transaction,
  userId: number,
  { files }: PatientDataServices,
): Promise<Record<string, unknown[]>> {
  const { profile, entries } = await profileAndDocumentationOf(db, userId);
  return {
    [EXPORT_KEYS.profile]: await Promise.all(
      profile.map(async ({ profilbild, ...row }) => ({
        ...row,
        profilbild: profilbild ? await exportedFile(files, profilbild, 'profilbild') : null,
      })),
    ),
    [EXPORT_KEYS.documentation]: entries,
  };
}
