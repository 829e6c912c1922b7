import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { findUserById } from '../users/index.ts';
import { feedbacks } from './feedback.table.ts';

/** Self-service export: feedback sent from the contact form under the patient's address. */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const user = await findUserById(db, userId);
  const rows = user
    ? await db.select().from(feedbacks).where(eq(feedbacks.email, user.email)).orderBy(asc(feedbacks.id))
    : [];
  return { [exportKey(feedbacks)]: rows };
}
