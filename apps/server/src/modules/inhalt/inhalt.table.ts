import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { firmen } from '../firma/firma.table.ts';

/** Content pages (Seiten): static ones (agb, impressum, ...) and editable ones under /inhalt/{url}. */
export const pages = pgTable(
  'seite',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    titel: text('titel').notNull(),
    bild: text('bild'),
    /** Sanitized HTML; sanitized again on every read, so a change of the allow-list applies to old pages too. */
    inhalt: text('inhalt').notNull().default(''),
    statisch: boolean('statisch').notNull().default(false),
    aktiv: boolean('aktiv').notNull().default(true),
    oeffentlich: boolean('oeffentlich').notNull().default(true),
    firmaId: integer('firma_id').references(() => firmen.id, { onDelete: 'set null' }),
    /** Privilege codes that grant access. */
    berechtigte: integer('berechtigte')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Role codes that grant access. */
    berechtigteRollen: integer('berechtigte_rollen')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Set when the page is in the trash. */
    geloeschtAm: timestamp('geloescht_am', { withTimezone: true }),
    geaendertAm: timestamp('geaendert_am', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('seite_url_unique').on(sql`lower(${t.url})`)],
);
export type PageRow = typeof pages.$inferSelect;
