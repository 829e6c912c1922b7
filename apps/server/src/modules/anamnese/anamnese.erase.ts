import type { Transaction } from '../../db/client.ts';
import { deleteAnamnese } from './anamnese.repository.ts';

/** Patient erasure: the medical history (health data; the trigger allows deleting a signed one). */
export async function erasePatient(tx: Transaction, userId: number): Promise<void> {
  await deleteAnamnese(tx, userId);
}
