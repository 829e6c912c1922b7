import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FRAGE_TYPEN, type AntwortWert } from '@dihs/contract/fragebogen';
import { users } from '../users/users.table.ts';

/**
 * A questionnaire definition (spec 3 "Questionnaire definition"): a draft while veroeffentlicht is null; once
 * published, a trigger (migration fragebogen-unveraenderlich) refuses any change to it and its questions, so the
 * answers given against it keep their questions.
 */
export const fragebogenDefinitionen = pgTable(
  'fragebogen_definition',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    titel: text('titel').notNull(),
    veroeffentlicht: timestamp('veroeffentlicht', { withTimezone: true }),
    erstelltAm: timestamp('erstellt_am', { withTimezone: true }).notNull().defaultNow(),
  },
  // One draft at a time is a unique index on an expression (migration fragebogen-unveraenderlich): the database
  // decides between two operators pressing "new" together.
);
export type FragebogenDefinitionRow = typeof fragebogenDefinitionen.$inferSelect;

/** A question of a definition; removing one in a draft marks it inactive (spec 3). */
export const fragebogenFragen = pgTable(
  'fragebogen_frage',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fragebogenId: integer('fragebogen_id')
      .notNull()
      .references(() => fragebogenDefinitionen.id, { onDelete: 'cascade' }),
    frage: text('frage').notNull(),
    typ: text('typ', { enum: FRAGE_TYPEN }).notNull(),
    position: integer('position'),
    abhaengigVonFrageId: integer('abhaengig_von_frage_id').references((): AnyPgColumn => fragebogenFragen.id),
    abhaengigVonBedingung: boolean('abhaengig_von_bedingung'),
    aktiv: boolean('aktiv').notNull().default(true),
  },
  (t) => [index('fragebogen_frage_fragebogen').on(t.fragebogenId)],
);
export type FragebogenFrageRow = typeof fragebogenFragen.$inferSelect;

/**
 * A patient's questionnaire, pinned to the definition it was started from. Read-only once veroeffentlicht is set
 * (trigger); at most one draft per patient (unique index).
 */
export const patientFrageboegen = pgTable(
  'patient_fragebogen',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => fragebogenDefinitionen.id),
    titel: text('titel').notNull(),
    erstelltAm: timestamp('erstellt_am', { withTimezone: true }).notNull().defaultNow(),
    /** Who started it (the patient, a therapist or an operator); null once that account is gone. */
    erstelltVon: integer('erstellt_von').references(() => users.id, { onDelete: 'set null' }),
    veroeffentlicht: timestamp('veroeffentlicht', { withTimezone: true }),
  },
  (t) => [
    index('patient_fragebogen_patient').on(t.patientUserId),
    uniqueIndex('patient_fragebogen_ein_entwurf')
      .on(t.patientUserId)
      .where(sql`${t.veroeffentlicht} is null`),
  ],
);
export type PatientFragebogenRow = typeof patientFrageboegen.$inferSelect;

/** One answer (health data: never logged). Only answers to questions shown at the time are kept. */
export const patientFragebogenAntworten = pgTable(
  'patient_fragebogen_antwort',
  {
    patientFragebogenId: integer('patient_fragebogen_id')
      .notNull()
      .references(() => patientFrageboegen.id, { onDelete: 'cascade' }),
    frageId: integer('frage_id')
      .notNull()
      .references(() => fragebogenFragen.id),
    /** Text, a whole number 0..10 or a boolean, by the question's type. */
    antwort: jsonb('antwort').$type<Exclude<AntwortWert, null>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.patientFragebogenId, t.frageId] })],
);
export type PatientFragebogenAntwortRow = typeof patientFragebogenAntworten.$inferSelect;
