import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Feedback sent with the form on /kontakt; kept so that nothing is lost when a mail cannot be delivered. */
export const feedbacks = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    /** The sender's address, lower-cased; null when the sender gave none. */
    email: text('email'),
    text: text('text').notNull(),
    erstelltAm: timestamp('erstellt_am', { withTimezone: true }).notNull().defaultNow(),
  },
  // the permanent deletion of a patient removes their feedback by address
  (t) => [index('feedback_email').on(t.email)],
);
export type FeedbackRow = typeof feedbacks.$inferSelect;
