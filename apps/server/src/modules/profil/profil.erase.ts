import type { Transaction } from '../../db/client.ts';
import { deleteProfileAndDocumentation } from './profil.repository.ts';

/**
 * Patient erasure: the profile (names, address, birth date, phone, remarks, photo) and the documentation written
 * about the patient (health data). Answers the photo's file-store key, to delete after commit.
 */
export async function erasePatient(tx: Transaction, userId: number): Promise<string[]> {
  const profilbild = await deleteProfileAndDocumentation(tx, userId);
  return profilbild ? [profilbild] : [];
}
