import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ROLES } from '@dihs/contract/common/roles';
import { PATIENT_RECORD_KINDS, PROTOKOLL_AKTIONEN, PROTOKOLL_ERGEBNISSE } from '@dihs/contract/protokoll';

/**
 * The audit log of patient records: one row per admitted or refused call of an endpoint whose declaration names a
 * patient record. Never the content. Append-only: a trigger (migration "protokoll-nur-anfuegen") refuses UPDATE,
 * DELETE and TRUNCATE unless the retention job or a patient erasure sets `dihs.protokoll_pflege` for its
 * transaction. The user ids carry no foreign key: the log outlives what it names and must not block anything.
 */
export const zugriffsprotokoll = pgTable(
  'zugriffsprotokoll',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    zeitpunkt: timestamp('zeitpunkt', { withTimezone: true }).notNull().defaultNow(),
    /** Null once the actor (a patient on its own records) was erased. */
    akteurUserId: integer('akteur_user_id'),
    akteurRolle: text('akteur_rolle', { enum: ROLES }).notNull(),
    /** Null once the patient was erased: the entry stays, anonymised. */
    patientUserId: integer('patient_user_id'),
    art: text('art', { enum: PATIENT_RECORD_KINDS }).notNull(),
    aktion: text('aktion', { enum: PROTOKOLL_AKTIONEN }).notNull(),
    datensatzId: integer('datensatz_id'),
    /** Method and route pattern ("GET /api/dokumentation/:patientId"), never the filled-in address. */
    endpunkt: text('endpunkt').notNull(),
    adresse: text('adresse'),
    ergebnis: text('ergebnis', { enum: PROTOKOLL_ERGEBNISSE }).notNull(),
    status: integer('status').notNull(),
  },
  (t) => [
    index('zugriffsprotokoll_patient_zeit').on(t.patientUserId, t.zeitpunkt),
    index('zugriffsprotokoll_akteur_zeit').on(t.akteurUserId, t.zeitpunkt),
    index('zugriffsprotokoll_zeit').on(t.zeitpunkt),
  ],
);
export type ZugriffsprotokollRow = typeof zugriffsprotokoll.$inferSelect;
export type NewZugriffsprotokollRow = typeof zugriffsprotokoll.$inferInsert;
