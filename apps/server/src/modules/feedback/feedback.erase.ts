import type { Transaction } from '../../db/client.ts';
import { findUserById } from '../users/index.ts';
import { deleteFeedbackOf } from './feedback.repository.ts';

/**
 * Patient erasure: feedback sent from the contact form under the patient's address (it may describe their health).
 * Must run before the users step anonymises the address.
 */
export async function erasePatient(tx: Transaction, userId: number): Promise<string[]> {
  const user = await findUserById(tx, userId);
  if (user) await deleteFeedbackOf(tx, user.email);
  return [];
}
