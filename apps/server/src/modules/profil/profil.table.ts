import { boolean, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * Personal data of every account (Profile, spec 1 section 3), one row per user. A patient's patientId and a
 * therapist's therapeutId are their user id (docs/decisions.md).
 */
export const profiles = pgTable('profil', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  vorname: text('vorname').notNull().default(''),
  nachname: text('nachname').notNull().default(''),
  strasse: text('strasse').notNull().default(''),
  hausnummer: text('hausnummer').notNull().default(''),
  plz: text('plz').notNull().default(''),
  ort: text('ort').notNull().default(''),
  land: text('land').notNull().default(''),
  geburtsdatum: date('geburtsdatum', { mode: 'string' }),
  telefon: text('telefon').notNull().default(''),
  /** Therapist: the public description; patient: the operators' general remarks. */
  beschreibung: text('beschreibung').notNull().default(''),
  ausbildung: text('ausbildung').notNull().default(''),
  schwerpunkte: text('schwerpunkte').notNull().default(''),
  /** Therapist shown in the patients' directory (operator switch). */
  listenanzeige: boolean('listenanzeige').notNull().default(true),
  /** Key of the profile photo in the file store. */
  profilbild: text('profilbild'),
  geaendertAm: timestamp('geaendert_am', { withTimezone: true }).notNull().defaultNow(),
});
export type ProfileRow = typeof profiles.$inferSelect;

/** Documentation entries on a patient, written by therapists and operators (health data: never logged). */
export const documentation = pgTable('dokumentation', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  patientUserId: integer('patient_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  autorUserId: integer('autor_user_id').references(() => users.id, { onDelete: 'set null' }),
  vonBetreiber: boolean('von_betreiber').notNull().default(false),
  beitrag: text('beitrag').notNull(),
  datum: timestamp('datum', { withTimezone: true }).notNull().defaultNow(),
});
