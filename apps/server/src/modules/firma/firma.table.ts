import { boolean, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Companies (Firma) whose employees use the platform at their employer's expense. */
export const firmen = pgTable(
  'firma',
  {
    id: serial('id').primaryKey(),
    bezeichner: text('bezeichner').notNull(),
    hatLogo: boolean('hat_logo').notNull().default(false),
    statistikSchreiben: boolean('statistik_schreiben').notNull().default(false),
    logoPath: text('logo_path'),
    logoLink: text('logo_link'),
    linkTarget: boolean('link_target').notNull().default(false),
  },
  (t) => [uniqueIndex('firma_bezeichner_unique').on(sql`lower(${t.bezeichner})`)],
);
