import type { feedbackBodySchema } from '@dihs/contract/feedback';
import type { z } from 'zod';
import type { AppDeps } from '../../app-types.ts';
import { enqueueMail, type OutgoingMail } from '../mail/index.ts';
import { activeOperatorEmails } from '../users/index.ts';
import { insertFeedback } from './feedback.repository.ts';

const PLATFORM = 'DiHS Teletherapie';

/** The mail to the operators; the sender's text is quoted as it is (plain text, never HTML). */
export function feedbackMail(to: string, feedback: { email: string | null; text: string }): OutgoingMail {
  const sender = feedback.email
    ? `Absender: ${feedback.email} (Sie können direkt an diese Adresse antworten.)`
    : 'Absender: ohne E-Mail-Adresse';
  return {
    to,
    subject: `${PLATFORM}: Neues Feedback über das Kontaktformular`,
    text: ['Guten Tag,', 'über das Kontaktformular ist neues Feedback eingegangen.', sender, 'Feedback:', feedback.text]
      .join('\n\n')
      .concat('\n\nDiese E-Mail wurde automatisch erstellt.\n'),
  };
}

/**
 * Stores the feedback and queues a mail to each recipient (FEEDBACK_EMPFAENGER, else every active operator) in the
 * same transaction, then sends. The text is health-adjacent free text: it is never logged.
 */
export async function sendFeedback(
  { db, config, mail }: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  body: z.output<typeof feedbackBodySchema>,
): Promise<void> {
  const feedback = { email: body.email, text: body.feedback };
  await db.transaction(async (tx) => {
    await insertFeedback(tx, feedback);
    const recipients =
      config.feedbackRecipients.length > 0 ? config.feedbackRecipients : await activeOperatorEmails(tx);
    for (const to of new Set(recipients)) await enqueueMail(tx, feedbackMail(to, feedback));
  });
  // sent in the background; the outbox worker retries failures
  mail.flush().catch(() => undefined);
}
