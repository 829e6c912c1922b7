import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * Each transfer of a patient's FHIR record by an operator (issue 34 item 4): who, when and the reason they gave.
 * The audit log notes the access itself but never content; the reason is kept here and shown to the patient in
 * their own export (docs/datenexport.md).
 */
export const fhirUebermittlungen = pgTable(
  'fhir_uebermittlung',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The operator; null once their account is gone. */
    betreiberUserId: integer('betreiber_user_id').references(() => users.id, { onDelete: 'set null' }),
    grund: text('grund').notNull(),
    erstelltAm: timestamp('erstellt_am', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fhir_uebermittlung_patient').on(t.patientUserId)],
);
