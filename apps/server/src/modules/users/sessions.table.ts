import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.table.ts';

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

/**
 * One row per login ("Angemeldete Geräte"): the token's session id (sid claim), the id and lifetime of its current
 * token (ending the session revokes that token), device and browser parsed from the user agent (the header itself
 * is not kept), the client address of the latest request and the hash of the browser's device cookie, by which a
 * later login is recognised as coming from a known device. Kept SESSION_RETENTION_DAYS past the token's expiry
 * (docs/decisions.md, issue 31 item 7).
 */
export const loginSessions = pgTable(
  'sitzung',
  {
    id: text('id').primaryKey(),
    userId: integer('benutzer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    issuedAt: timestamp('ausgestellt_am', { withTimezone: true }).notNull(),
    validUntil: timestamp('gueltig_bis', { withTimezone: true }).notNull(),
    loggedInAt: timestamp('angemeldet_am', { withTimezone: true }).notNull(),
    lastActivity: timestamp('letzte_aktivitaet', { withTimezone: true }).notNull(),
    device: text('geraet').notNull(),
    browser: text('browser').notNull(),
    address: text('adresse').notNull(),
    /** SHA-256 of the browser's device cookie (hex), the one the login found or set. */
    deviceKeyHash: text('geraet_kennung').notNull(),
    endedAt: timestamp('beendet_am', { withTimezone: true }),
  },
  (t) => [index('sitzung_benutzer').on(t.userId, t.deviceKeyHash), index('sitzung_gueltig_bis').on(t.validUntil)],
);
