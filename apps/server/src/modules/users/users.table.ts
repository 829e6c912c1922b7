import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES } from '@dihs/contract/common/roles';
import { firmen } from '../firma/firma.table.ts';

export const roleEnum = pgEnum('rolle', ROLES);

/** Accounts of every role. The e-mail is stored lower-cased; the database refuses anything else. */
export const users = pgTable(
  'benutzer',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('rolle').notNull(),
    /** Privilege codes (spec 1, section 3). */
    privileges: integer('privileges')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The operator's Aktiv/Gesperrt switch. */
    active: boolean('aktiv').notNull().default(true),
    /** Wrong passwords in a row; reset by a successful login or an unlock. */
    failedLogins: integer('failed_logins').notNull().default(0),
    /** Set when failedLogins reached the limit; cleared only by an operator's unlock. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** Base32 TOTP secret when a second factor is set up. */
    secondFactorSecret: text('second_factor_secret'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    firmaId: integer('firma_id').references(() => firmen.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a patient was deleted: the row stays, anonymised, for records that must be kept. */
    deletedAt: timestamp('geloescht_am', { withTimezone: true }),
    /**
     * Set at every password change: tokens issued before it no longer pass the session gate, so a leaked or
     * forgotten session ends with the password (docs/decisions.md). Null: no change since the column exists.
     */
    sessionsValidFrom: timestamp('sessions_valid_from', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('benutzer_email_unique').on(t.email),
    check('benutzer_email_lower', sql`${t.email} = lower(${t.email})`),
    check('benutzer_failed_logins_nonnegative', sql`${t.failedLogins} >= 0`),
  ],
);
export type UserRow = typeof users.$inferSelect;
