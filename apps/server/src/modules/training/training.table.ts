import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** The exercise library (spec 3 "Exercise library"). */
export const uebungen = pgTable(
  'uebung',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    titel: text('titel').notNull(),
    beschreibung: text('beschreibung').notNull(),
    videoUrl: text('video_url').notNull(),
    /** File-store key of our copy of the host's thumbnail; null until the host answered. */
    vorschauBild: text('vorschau_bild'),
    erstelltVon: integer('erstellt_von').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('uebung_titel').on(sql`lower(${t.titel})`)],
);
export type UebungRow = typeof uebungen.$inferSelect;

/** The numbers of a plan entry or template exercise (spec 3 section 3); the database refuses negatives. */
const eintragColumns = () => ({
  uebungId: integer('uebung_id')
    .notNull()
    // an exercise still in use cannot be deleted (spec 3 section 8)
    .references(() => uebungen.id, { onDelete: 'restrict' }),
  position: integer('position').notNull(),
  dauer: integer('dauer').notNull(),
  anzahl: integer('anzahl').notNull(),
  pause: integer('pause').notNull(),
  wiederholungen: integer('wiederholungen').notNull(),
  information: text('information').notNull().default(''),
});

/** A therapist's plan template; befund names the finding it is for. */
export const vorlagen = pgTable(
  'trainingsplan_vorlage',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    therapeutUserId: integer('therapeut_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    befund: text('befund').notNull(),
  },
  (t) => [index('trainingsplan_vorlage_therapeut').on(t.therapeutUserId)],
);

export const vorlageUebungen = pgTable(
  'trainingsplan_vorlage_uebung',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    vorlageId: integer('vorlage_id')
      .notNull()
      .references(() => vorlagen.id, { onDelete: 'cascade' }),
    ...eintragColumns(),
  },
  (t) => [
    index('trainingsplan_vorlage_uebung_vorlage').on(t.vorlageId, t.position),
    check(
      'vorlage_uebung_zahlen',
      sql`${t.position} >= 1 and ${t.dauer} >= 0 and ${t.anzahl} >= 0 and ${t.pause} >= 0 and ${t.wiederholungen} >= 0`,
    ),
  ],
);

/**
 * One version of a patient's plan: the patient sees the newest set whose validFrom has passed. therapeutUserId is
 * who created it (the care relation); null when an operator did.
 */
export const planSets = pgTable(
  'trainingsplan_set',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    therapeutUserId: integer('therapeut_user_id').references(() => users.id, { onDelete: 'set null' }),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    erstelltAm: timestamp('erstellt_am', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trainingsplan_set_patient').on(t.patientUserId, t.validFrom),
    index('trainingsplan_set_therapeut').on(t.therapeutUserId, t.patientUserId),
  ],
);
export type PlanSetRow = typeof planSets.$inferSelect;

/**
 * An exercise in a plan set. Positions run 1..n without gaps: every change locks the set row first and renumbers;
 * the unique (set, position) constraint is deferred to the commit (custom migration) so a renumbering may pass
 * through duplicates inside its transaction.
 */
export const planEintraege = pgTable(
  'trainingsplan_eintrag',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    setId: integer('set_id')
      .notNull()
      .references(() => planSets.id, { onDelete: 'cascade' }),
    ...eintragColumns(),
  },
  (t) => [
    index('trainingsplan_eintrag_set').on(t.setId, t.position),
    index('trainingsplan_eintrag_uebung').on(t.uebungId),
    check(
      'plan_eintrag_zahlen',
      sql`${t.position} >= 1 and ${t.dauer} >= 0 and ${t.anzahl} >= 0 and ${t.pause} >= 0 and ${t.wiederholungen} >= 0`,
    ),
  ],
);
export type PlanEintragRow = typeof planEintraege.$inferSelect;

/** The patient's "done today" per entry and Berlin day, with the pain during the exercise (0 to 10, optional). */
export const planErledigt = pgTable(
  'trainingsplan_erledigt',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eintragId: integer('eintrag_id')
      .notNull()
      .references(() => planEintraege.id, { onDelete: 'cascade' }),
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: date('tag').notNull(),
    schmerz: smallint('schmerz'),
    erfasstAm: timestamp('erfasst_am', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trainingsplan_erledigt_eintrag_tag').on(t.eintragId, t.tag),
    index('trainingsplan_erledigt_patient').on(t.patientUserId, t.tag),
    check('trainingsplan_erledigt_schmerz', sql`${t.schmerz} is null or (${t.schmerz} between 0 and 10)`),
  ],
);
export type PlanErledigtRow = typeof planErledigt.$inferSelect;
