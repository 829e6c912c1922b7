import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CREDIT_KINDS } from '@dihs/contract/guthaben';
import { TEILNAHME_STATUSES, TERMIN_STATUSES, TERMINTYPEN, ZAHLUNGSARTEN } from '@dihs/contract/termin';
import { firmen } from '../firma/firma.table.ts';
import { users } from '../users/users.table.ts';

/**
 * Appointments (spec 2 section 3 "Termin"). datum is a UTC instant, shown in Europe/Berlin. anzahlTeilnehmer counts
 * the seats held (RESERVIERT or GEBUCHT); the CHECK makes the database refuse overbooking under any concurrency.
 */
export const termine = pgTable(
  'termin',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    datum: timestamp('datum', { withTimezone: true }).notNull(),
    /** Minutes. */
    dauer: integer('dauer').notNull(),
    termintyp: text('termintyp', { enum: TERMINTYPEN }).notNull(),
    befund: text('befund').notNull(),
    details: text('details').notNull(),
    therapeutUserId: integer('therapeut_user_id')
      .notNull()
      .references(() => users.id),
    maxTeilnehmer: integer('max_teilnehmer').notNull(),
    anzahlTeilnehmer: integer('anzahl_teilnehmer').notNull().default(0),
    status: text('status', { enum: TERMIN_STATUSES }).notNull().default('PLANUNG'),
    istFirmentermin: boolean('ist_firmentermin').notNull().default(false),
    firmaId: integer('firma_id').references(() => firmen.id, { onDelete: 'set null' }),
    everyoneView: boolean('everyone_view').notNull().default(false),
    /** The therapist ended the video session (spec 3 "endConference"): nobody can join it again. */
    sitzungBeendetAt: timestamp('sitzung_beendet_at', { withTimezone: true }),
    /** The therapist locked the video session: only patients who had joined before may come back. */
    sitzungGesperrt: boolean('sitzung_gesperrt').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('termin_kapazitaet', sql`${t.anzahlTeilnehmer} between 0 and ${t.maxTeilnehmer}`),
    check('termin_max_positiv', sql`${t.maxTeilnehmer} >= 1`),
    check('termin_einzel_einer', sql`${t.termintyp} <> 'EINZEL' or ${t.maxTeilnehmer} = 1`),
    check('termin_dauer_positiv', sql`${t.dauer} > 0`),
    index('termin_status_datum').on(t.status, t.datum),
    // The lists sort by (datum, id) and page with LIMIT: this index lets them read only the page's rows in order
    // instead of sorting every match (the operator list and the patient's 'alle' have no single status).
    index('termin_datum_id').on(t.datum, t.id),
    // the patient plan's Befund filter, in start order (a rare Befund would otherwise scan the whole year)
    index('termin_befund_datum').on(t.befund, t.datum),
    index('termin_therapeut_datum').on(t.therapeutUserId, t.datum),
    index('termin_firma').on(t.firmaId),
  ],
);
export type TerminRow = typeof termine.$inferSelect;

/**
 * A patient's seat in an appointment (spec 2 "Teilnehmer"). Cancelled rows stay for accounting; the partial unique
 * index lets a patient hold an appointment at most once at a time.
 */
export const terminTeilnahmen = pgTable(
  'termin_teilnahme',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    terminId: integer('termin_id')
      .notNull()
      .references(() => termine.id),
    // Kept on patient deletion: the account row stays anonymised, so the booking stays for accounting.
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: TEILNAHME_STATUSES }).notNull(),
    zahlungsart: text('zahlungsart', { enum: ZAHLUNGSARTEN }).notNull(),
    /** The credit balance the seat was paid from (REZEPT, ABO, GUTHABEN); a refund returns it there. */
    creditKind: text('credit_kind', { enum: CREDIT_KINDS }),
    cartId: integer('cart_id'),
    teilgenommen: boolean('teilgenommen').notNull().default(false),
    beigetreten: boolean('beigetreten').notNull().default(false),
    herausgeworfen: boolean('herausgeworfen').notNull().default(false),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
    storniertAt: timestamp('storniert_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('termin_teilnahme_einmal')
      .on(t.terminId, t.patientUserId)
      .where(sql`${t.status} <> 'STORNIERT'`),
    index('termin_teilnahme_patient').on(t.patientUserId, t.status),
    index('termin_teilnahme_cart').on(t.cartId),
  ],
);
export type TerminTeilnahmeRow = typeof terminTeilnahmen.$inferSelect;
