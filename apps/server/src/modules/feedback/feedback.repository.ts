import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { feedbacks } from './feedback.table.ts';

export async function insertFeedback(tx: Transaction, values: { email: string | null; text: string }): Promise<void> {
  await tx.insert(feedbacks).values(values);
}

/** Removes the feedback a person sent under the address (permanent deletion of a patient). */
export async function deleteFeedbackOf(tx: Transaction, email: string): Promise<void> {
  await tx.delete(feedbacks).where(eq(feedbacks.email, email.toLowerCase()));
}

/** The feedback sent under the address (none without one), oldest first, keyed by table for the export. */
export async function exportFeedbackOf(
  db: Database | Transaction,
  email: string | undefined,
): Promise<Record<string, unknown[]>> {
  const rows = email
    ? await db.select().from(feedbacks).where(eq(feedbacks.email, email)).orderBy(asc(feedbacks.id))
    : [];
  return { [exportKey(feedbacks)]: rows };
}
