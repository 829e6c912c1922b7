import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

export const CODE_PURPOSES = ['EMAIL_BESTAETIGEN', 'EMAIL_AENDERN', 'PASSWORT_RESET', 'PASSWORT_SETZEN'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** One-time codes sent by mail: only their SHA-256 is stored; single use; they expire. */
export const oneTimeCodes = pgTable(
  'einmal_code',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('zweck', { enum: CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** For EMAIL_AENDERN: the address that becomes the login once confirmed. */
    newEmail: text('neue_email'),
    expiresAt: timestamp('gueltig_bis', { withTimezone: true }).notNull(),
    usedAt: timestamp('verwendet_am', { withTimezone: true }),
    createdAt: timestamp('erstellt_am', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('einmal_code_hash_unique').on(t.codeHash), index('einmal_code_user').on(t.userId)],
);
