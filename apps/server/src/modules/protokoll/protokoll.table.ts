import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES } from '@dihs/contract/common/roles';
import { PATIENT_RECORD_KINDS, PROTOKOLL_AKTIONEN, PROTOKOLL_ERGEBNISSE } from '@dihs/contract/protokoll';

/**
 * The audit log of patient records: one row per admitted or refused call of an endpoint whose declaration names a
 * patient record. Never the content. Append-only: the application's runtime role may only INSERT and SELECT, and a
 * trigger refuses UPDATE, DELETE and TRUNCATE except inside the owner's functions for retention and patient erasure
 * (migration "protokoll-kette", docs/operations.md "Database roles"). Chained: a trigger numbers each entry and
 * hashes it with its predecessor's hash; `npm run protokoll:pruefen` verifies the chain. The user ids carry no
 * foreign key: the log outlives what it names and must not block anything.
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
    /** Position in the chain, set by the insert trigger under the chain's lock (never by the application). */
    ketteNr: bigint('kette_nr', { mode: 'number' }).notNull().default(0),
    /**
     * While the actor is named: a random salt, its seal being sha256(salt, actor, address); once erased: the seal.
     * The chain covers the seal, so an erasure keeps the chain intact while nothing links the entry to the person.
     */
    akteurSiegel: text('akteur_siegel').notNull().default(''),
    /** The same for the patient. */
    patientSiegel: text('patient_siegel').notNull().default(''),
    /** sha256 (hex) over the previous entry's `kette` and this entry's fields; set by the insert trigger. */
    kette: text('kette').notNull().default(''),
  },
  (t) => [
    index('zugriffsprotokoll_patient_zeit').on(t.patientUserId, t.zeitpunkt),
    index('zugriffsprotokoll_akteur_zeit').on(t.akteurUserId, t.zeitpunkt),
    index('zugriffsprotokoll_zeit').on(t.zeitpunkt),
    uniqueIndex('zugriffsprotokoll_kette_nr').on(t.ketteNr),
  ],
);

/**
 * The chain's two ends: `ende` is the last entry (number and hash, moved by the insert trigger under this row's
 * lock), `anfang` the last entry retention deleted (the anchor the first remaining entry chains to).
 */
export const zugriffsprotokollKette = pgTable('zugriffsprotokoll_kette', {
  stelle: text('stelle', { enum: ['anfang', 'ende'] }).primaryKey(),
  nr: bigint('nr', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
export type ZugriffsprotokollRow = typeof zugriffsprotokoll.$inferSelect;
export type NewZugriffsprotokollRow = typeof zugriffsprotokoll.$inferInsert;
