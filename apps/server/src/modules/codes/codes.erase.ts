import type { Transaction } from '../../db/client.ts';
import { deleteCodesOf } from './codes.repository.ts';

/** Patient erasure: the one-time codes (they may carry a new e-mail address). */
export async function erasePatient(tx: Transaction, userId: number): Promise<string[]> {
  await deleteCodesOf(tx, userId);
  return [];
}
