import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { oneTimeCodes } from './codes.table.ts';

/** Patient erasure: the one-time codes (they may carry a new e-mail address). */
export async function erasePatient(tx: Transaction, userId: number): Promise<string[]> {
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
  return [];
}
