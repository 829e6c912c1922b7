import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SITZUNG_EREIGNISSE } from '@dihs/contract/video';
import { termine } from '../termin/termin.table.ts';
import { users } from '../users/users.table.ts';

/**
 * Session metadata (who joined or left a video session when), nothing of the media. Deleted after 90 days by a
 * scheduled job (KBV Anlage 31b) and at once when the patient's account is deleted.
 */
export const sitzungEreignisse = pgTable(
  'sitzung_ereignis',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    terminId: integer('termin_id')
      .notNull()
      .references(() => termine.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ereignis: text('ereignis', { enum: SITZUNG_EREIGNISSE }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sitzung_ereignis_at').on(t.at), index('sitzung_ereignis_user').on(t.userId)],
);
export type SitzungEreignisRow = typeof sitzungEreignisse.$inferSelect;
