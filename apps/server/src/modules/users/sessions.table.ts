import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Logged-out tokens by id, until they would have expired anyway: every instance loads them at start, so a logout
 * outlives a restart and reaches instances that missed its event. Rows past gueltig_bis are pruned.
 */
export const revokedTokens = pgTable(
  'sitzung_widerruf',
  {
    jti: text('jti').primaryKey(),
    validUntil: timestamp('gueltig_bis', { withTimezone: true }).notNull(),
  },
  (t) => [index('sitzung_widerruf_gueltig_bis').on(t.validUntil)],
);
