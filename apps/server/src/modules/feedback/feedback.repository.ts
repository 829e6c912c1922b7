import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { users } from '../users/index.ts';
import { feedbacks } from './feedback.table.ts';

export async function insertFeedback(tx: Transaction, values: { email: string | null; text: string }): Promise<void> {
  await tx.insert(feedbacks).values(values);
}

/** The addresses of every active operator account (the default recipients of feedback). */
export async function activeOperatorEmails(db: Database | Transaction): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'BETREIBER'), eq(users.active, true), isNull(users.deletedAt)));
  return rows.map((row) => row.email);
}

/** Removes the feedback a person sent under the address (permanent deletion of a patient). */
export async function deleteFeedbackOf(tx: Transaction, email: string): Promise<void> {
  await tx.delete(feedbacks).where(eq(feedbacks.email, email.toLowerCase()));
}
