import type { Transaction } from '../../db/client.ts';
import { anonymisePatient } from './protokoll.repository.ts';

/**
 * Patient erasure: the audit entries stay, since they account for what staff did (DSGVO Art. 17(3)(b), (e) and
 * Art. 32), but no longer name the patient (docs/decisions.md).
 */
export async function erasePatient(tx: Transaction, userId: number): Promise<string[]> {
  await anonymisePatient(tx, userId);
  return [];
}
