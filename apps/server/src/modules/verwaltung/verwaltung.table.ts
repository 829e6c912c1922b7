import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Application settings (spec 3 "Setting entry"): BEFUND and EINZELTERMIN_INHALT are lists, all others general.
 * A typed setting (TYPED_SETTINGS of the contract: the card prices) keeps its value in `cents`, once per key, so a
 * read never parses text; every other entry keeps its text in `value`.
 */
export const verwaltungEintraege = pgTable(
  'verwaltung_eintrag',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    value: text('value'),
    cents: integer('cents'),
  },
  (t) => [
    index('verwaltung_eintrag_type').on(t.type),
    uniqueIndex('verwaltung_eintrag_typed_key')
      .on(t.type)
      .where(sql`${t.cents} is not null`),
    check('verwaltung_eintrag_value_or_cents', sql`(${t.value} is null) <> (${t.cents} is null)`),
    check('verwaltung_eintrag_cents_positive', sql`${t.cents} > 0`),
  ],
);
export type VerwaltungEintragRow = typeof verwaltungEintraege.$inferSelect;
