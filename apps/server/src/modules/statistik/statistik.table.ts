import { bigint, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { firmen } from '../firma/firma.table.ts';

/**
 * One counted view (spec 3 section 3 "Statistic event"): a training plan opened (0) or a video played (1). No user
 * reference: the statistics count, they do not follow people (docs/decisions.md). firmaId is set only for companies
 * with statistikSchreiben, which get their own rows in the download.
 */
export const statistikEreignisse = pgTable(
  'statistik_ereignis',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    zeitpunkt: timestamp('zeitpunkt', { withTimezone: true }).notNull().defaultNow(),
    typ: smallint('typ').notNull(),
    aktionId: text('aktion_id'),
    firmaId: integer('firma_id').references(() => firmen.id, { onDelete: 'set null' }),
  },
  (t) => [index('statistik_ereignis_zeitpunkt').on(t.zeitpunkt)],
);
