import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { URL_TYPES } from '@dihs/contract/navigation';
import { pages } from '../inhalt/inhalt.table.ts';

/** The menu tree: menus (menue) hold children, entries (eintrag) link to a page or an app route. */
export const navigationNodes = pgTable(
  'navigation_knoten',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => navigationNodes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    titel: text('titel').notNull(),
    type: text('typ', { enum: ['menue', 'eintrag'] }).notNull(),
    /** For entries of urlType SEITE: the page, so that a renamed url keeps its menu entry. */
    seiteId: integer('seite_id').references(() => pages.id, { onDelete: 'cascade' }),
    urlType: text('url_typ', { enum: URL_TYPES }),
    ziel: text('ziel'),
    params: jsonb('params').$type<Record<string, string>>(),
  },
  (t) => [
    check('navigation_knoten_typ', sql`${t.type} in ('menue', 'eintrag')`),
    check('navigation_knoten_eintrag_ziel', sql`${t.type} = 'menue' or ${t.urlType} is not null`),
  ],
);
export type NavigationNodeRow = typeof navigationNodes.$inferSelect;

/**
 * The version of the menu tree, one row (id 1): every change of the tree raises it, and a save names the version
 * it was loaded at, so a second editor cannot overwrite a newer tree unseen (optimistic concurrency).
 */
export const navigationVersion = pgTable(
  'navigation_stand',
  {
    id: integer('id').primaryKey().default(1),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('navigation_stand_eine_zeile', sql`${t.id} = 1`)],
);
