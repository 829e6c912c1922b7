import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A file attached to a mail (the booking confirmation's calendar file); content is UTF-8 text. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** 'base64' for binary files (a PDF); text files are stored as they are. */
  encoding?: 'base64';
}

/**
 * Persistent outbox: a request only inserts a row; a worker sends it with retries, so a mail server outage
 * loses nothing and never fails the request.
 */
export const mailOutbox = pgTable(
  'mail_ausgang',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('empfaenger').notNull(),
    subject: text('betreff').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('anhaenge').$type<MailAttachment[]>().notNull().default([]),
    attempts: integer('versuche').notNull().default(0),
    nextAttemptAt: timestamp('naechster_versuch', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('gesendet_am', { withTimezone: true }),
    lastError: text('letzter_fehler'),
    createdAt: timestamp('erstellt_am', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_ausgang_offen').on(t.sentAt, t.nextAttemptAt)],
);
