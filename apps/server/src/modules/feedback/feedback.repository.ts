import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { feedbacks } from './feedback.table.ts';

export async function insertFeedback(tx: Transaction, values: { email: string | null; text: string }): Promise<void> {
  await tx.insert(feedbacks).values(values);
}

/** Removes the feedback a person sent under the address (permanent deletion of a patient). */
export async function deleteFeedbackOf(tx: Transaction, email: string): Promise<void> {
  await tx.delete(feedbacks).where(eq(feedbacks.email, email.toLowerCase()));
}
