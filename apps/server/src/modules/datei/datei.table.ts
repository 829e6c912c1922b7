import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Public files of operators (page images, PDFs for content pages, company logos): no health data, so stored
 * unencrypted. The content lies in the object store (lib/object-store) under `datei/{id}`.
 */
export const dateien = pgTable('datei', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The uploaded name as shown. */
  dateiname: text('dateiname').notNull(),
  /** The served name's part after the id: letters, digits, dot, hyphen, underscore. */
  pfadname: text('pfadname').notNull(),
  beschreibung: text('beschreibung').notNull(),
  mediaType: text('media_type').notNull(),
  erstelltAm: timestamp('erstellt_am', { withTimezone: true }).notNull().defaultNow(),
});
