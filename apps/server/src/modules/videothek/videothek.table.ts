import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { firmen } from '../firma/firma.table.ts';

/** A library video (spec 3 section 3 "Video"); vorschauBild is the file-store key of our thumbnail copy. */
export const videos = pgTable('video', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  titel: text('titel').notNull(),
  kurzbeschreibung: text('kurzbeschreibung').notNull(),
  vimeolink: text('vimeolink').notNull(),
  vorschauBild: text('vorschau_bild'),
  langtext: text('langtext').notNull().default(''),
  datum: timestamp('datum', { withTimezone: true }).notNull().defaultNow(),
});
export type VideoRow = typeof videos.$inferSelect;

/** The companies whose patients see a video; none: every patient does. */
export const videoFirmen = pgTable(
  'video_firma',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    firmaId: integer('firma_id')
      .notNull()
      .references(() => firmen.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.firmaId] }), index('video_firma_firma').on(t.firmaId)],
);
