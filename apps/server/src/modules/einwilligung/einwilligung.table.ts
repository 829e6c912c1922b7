import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { EINWILLIGUNG_ANLAESSE } from '@dihs/contract/einwilligung';
import { users } from '../users/users.table.ts';

/**
 * The versions of the consent texts that someone consented to, kept word for word: content pages have no history,
 * and the platform must be able to show which text a consent meant (DSGVO Art. 7(1)). One row per text and
 * fingerprint, shared by every consent to it.
 */
export const einwilligungFassungen = pgTable(
  'einwilligung_fassung',
  {
    id: serial('id').primaryKey(),
    seiteUrl: text('seite_url').notNull(),
    /** SHA-256 of title and text (inhalt/page-version.ts). */
    fassung: text('fassung').notNull(),
    titel: text('titel').notNull(),
    /** The page's sanitized HTML at that time. */
    inhalt: text('inhalt').notNull(),
    /** When the page was saved with this text. */
    stand: timestamp('stand', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('einwilligung_fassung_unique').on(t.seiteUrl, t.fassung)],
);
export type EinwilligungFassungRow = typeof einwilligungFassungen.$inferSelect;

/** Who consented to which version of a consent text, when and on which occasion. Never changed, only added. */
export const einwilligungen = pgTable(
  'einwilligung',
  {
    id: serial('id').primaryKey(),
    benutzerId: integer('benutzer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fassungId: integer('fassung_id')
      .notNull()
      .references(() => einwilligungFassungen.id),
    anlass: text('anlass', { enum: EINWILLIGUNG_ANLAESSE }).notNull(),
    erteiltAm: timestamp('erteilt_am', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('einwilligung_benutzer').on(t.benutzerId)],
);
export type EinwilligungRow = typeof einwilligungen.$inferSelect;
