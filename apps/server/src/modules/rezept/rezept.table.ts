import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { REZEPT_STATUS } from '@dihs/contract/rezept';
import { users } from '../users/users.table.ts';

/** Binary columns (node-postgres and PGlite both answer a Buffer or Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A prescription a patient uploaded (spec 2 section 3); its content lives in rezept_datei. */
export const rezepte = pgTable(
  'rezept',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The name the patient's file had; shown only, never used as a path. "Gelöscht." after deletion. */
    originalFilename: text('original_filename').notNull(),
    /** The media type found by content: application/pdf, image/png or image/jpeg. */
    mediaType: text('media_type').notNull(),
    anmerkung: text('anmerkung').notNull(),
    status: text('status', { enum: REZEPT_STATUS }).notNull().default('NEU'),
    eingereicht: timestamp('eingereicht', { withTimezone: true }).notNull().defaultNow(),
    /** When its credit was last booked. */
    gebucht: timestamp('gebucht', { withTimezone: true }),
    /** The credit this prescription granted (booked in the ledger under reference rezept:{id}). */
    gutschriftEinzel: integer('gutschrift_einzel').notNull().default(0),
    gutschriftGruppe: integer('gutschrift_gruppe').notNull().default(0),
    gutschriftBefund: integer('gutschrift_befund').notNull().default(0),
  },
  // the operator's pages, newest first: all of them, or those of one status
  (t) => [
    index('rezept_patient').on(t.patientUserId),
    index('rezept_status').on(t.status, t.eingereicht, t.id),
    index('rezept_eingereicht').on(t.eingereicht, t.id),
  ],
);
export type RezeptRow = typeof rezepte.$inferSelect;

/**
 * The wrapped data key of a prescription's content (lib/envelope.ts); the encrypted content itself lies in the
 * object store (lib/object-store) under `rezept/{rezeptId}`. A row here means the content exists; deleted with it.
 */
export const rezeptDateien = pgTable('rezept_datei', {
  rezeptId: integer('rezept_id')
    .primaryKey()
    .references(() => rezepte.id, { onDelete: 'cascade' }),
  schluessel: bytea('schluessel').notNull(),
  schluesselVersion: integer('schluessel_version').notNull(),
});
