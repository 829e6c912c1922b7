import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { documentation, profiles } from './profil.table.ts';

/**
 * Patient erasure: the profile (names, address, birth date, phone, remarks, photo) and the documentation written
 * about the patient (health data). Answers the photo's file-store key, to delete after commit.
 */
export async function erasePatient(tx: Transaction, userId: number): Promise<string[]> {
  const [profile] = await tx
    .select({ profilbild: profiles.profilbild })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  await tx.delete(profiles).where(eq(profiles.userId, userId));
  await tx.delete(documentation).where(eq(documentation.patientUserId, userId));
  return profile?.profilbild ? [profile.profilbild] : [];
}
