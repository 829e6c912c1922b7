import { boolean, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { AnamneseAngaben } from '@dihs/contract/anamnese';
import { users } from '../users/users.table.ts';

/**
 * A patient's medical history (spec 3 "Medical history"), one per patient. The answers are one document checked by
 * the contract's schema on every write (docs/decisions.md); once signed, a trigger (migration anamnese-unterschrieben)
 * refuses every change, so a signed form stays as it was signed. Deleting stays possible (spec 3, section 6).
 */
export const anamnesen = pgTable('anamnese', {
  patientUserId: integer('patient_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  angaben: jsonb('angaben').$type<AnamneseAngaben>().notNull(),
  /** The privacy checkbox, ticked on the last save (saving and signing need it). */
  datenschutz: boolean('datenschutz').notNull(),
  unterschrieben: boolean('unterschrieben').notNull().default(false),
  unterschriebenAm: timestamp('unterschrieben_am', { withTimezone: true }),
  geaendertAm: timestamp('geaendert_am', { withTimezone: true }).notNull().defaultNow(),
});
export type AnamneseRow = typeof anamnesen.$inferSelect;
