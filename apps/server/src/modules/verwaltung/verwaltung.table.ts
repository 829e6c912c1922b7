import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Application settings (spec 3 "Setting entry"): BEFUND and EINZELTERMIN_INHALT are lists, all others general. */
export const verwaltungEintraege = pgTable(
  'verwaltung_eintrag',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    value: text('value').notNull(),
  },
  (t) => [index('verwaltung_eintrag_type').on(t.type)],
);
export type VerwaltungEintragRow = typeof verwaltungEintraege.$inferSelect;
