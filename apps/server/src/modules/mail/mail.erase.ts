import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { findUserById } from '../users/index.ts';
import { mailOutbox } from './mail.table.ts';

/**
 * Patient erasure: mails to the patient, sent or not, since their text names the patient. Must run before the
 * users step anonymises the address.
 */
export async function erasePatient(tx: Transaction, userId: number): Promise<string[]> {
  const user = await findUserById(tx, userId);
  if (user) await tx.delete(mailOutbox).where(eq(mailOutbox.recipient, user.email));
  return [];
}
