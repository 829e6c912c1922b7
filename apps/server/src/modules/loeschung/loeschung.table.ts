import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const DELETION_STATUSES = ['gestartet', 'abgeschlossen', 'fehler'] as const;

/** Permanent deletion of a patient, run as a background job (spec 1, section 2.9). No FK: the data goes away. */
export const deletionJobs = pgTable('loeschauftrag', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  patientUserId: integer('patient_user_id').notNull().unique(),
  status: text('status', { enum: DELETION_STATUSES }).notNull().default('gestartet'),
  startedBy: integer('gestartet_von'),
  startedAt: timestamp('gestartet_am', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('beendet_am', { withTimezone: true }),
  lastError: text('letzter_fehler'),
});
