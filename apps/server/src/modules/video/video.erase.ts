import type { Transaction } from '../../db/client.ts';
import { deleteSitzungEreignisseOf } from './video.repository.ts';

/** Patient erasure: video session metadata (who joined when). */
export async function erasePatient(tx: Transaction, userId: number): Promise<string[]> {
  await deleteSitzungEreignisseOf(tx, userId);
  return [];
}
