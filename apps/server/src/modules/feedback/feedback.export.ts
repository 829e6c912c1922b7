import type { Database, Transaction } from '../../db/client.ts';
import { findUserById } from '../users/index.ts';
import { exportFeedbackOf } from './feedback.repository.ts';

/** Self-service export: feedback sent from the contact form under the patient's address. */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const user = await findUserById(db, userId);
  return exportFeedbackOf(db, user?.email);
}
