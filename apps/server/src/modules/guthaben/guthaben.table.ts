import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CREDIT_KINDS } from '@dihs/contract/guthaben';
import { PAYMENT_STATUSES } from '@dihs/contract/zahlung';
import { users } from '../users/users.table.ts';
import { zahlungen } from '../zahlung/zahlung.table.ts';

export { CREDIT_KINDS, type CreditKind } from '@dihs/contract/guthaben';

/**
 * The credit ledger: every change of a balance is one immutable row; a balance is the sum of its rows. The
 * idempotency key makes each business event (a payment, an interval grant, an operator edit) book at most once.
 */
export const guthabenBuchungen = pgTable(
  'guthaben_buchung',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    delta: integer('delta').notNull(),
    /** Why the balance changed, German, shown in the patient's history. */
    reason: text('reason').notNull(),
    /** What caused it, e.g. `zahlung:17`, `abo:3:2026-01`, `termin:42`. */
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One key may carry several kinds (one package grants several counts): unique per key and kind.
    uniqueIndex('guthaben_buchung_key_kind_unique').on(t.idempotencyKey, t.kind),
    index('guthaben_buchung_patient').on(t.patientUserId, t.kind),
    index('guthaben_buchung_reference').on(t.reference),
    check('guthaben_buchung_delta_nonzero', sql`${t.delta} <> 0`),
  ],
);
export type GuthabenBuchungRow = typeof guthabenBuchungen.$inferSelect;

/**
 * Credit that a refund could not take back because it was already spent: the balance itself never goes below
 * zero, so the shortfall is recorded here as the patient's debt for the operators to settle.
 */
export const guthabenSchulden = pgTable(
  'guthaben_schuld',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guthaben_schuld_key_kind_unique').on(t.idempotencyKey, t.kind),
    index('guthaben_schuld_patient').on(t.patientUserId),
    check('guthaben_schuld_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Credit packages of the shop (spec 2 "GuthabenAngebot"). */
export const guthabenAngebote = pgTable(
  'guthaben_angebot',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    titel: text('titel').notNull(),
    centPreis: integer('cent_preis').notNull(),
    buchbar: boolean('buchbar').notNull().default(true),
    einzelTermine: integer('einzel_termine').notNull().default(0),
    gruppenTermine: integer('gruppen_termine').notNull().default(0),
    telefonTermine: integer('telefon_termine').notNull().default(0),
    anamnese: integer('anamnese').notNull().default(0),
    befunde: integer('befunde').notNull().default(0),
    /** Order of the cards in the shop. */
    sortierung: integer('sortierung').notNull().default(0),
  },
  (t) => [
    check('guthaben_angebot_preis_positive', sql`${t.centPreis} > 0`),
    check(
      'guthaben_angebot_counts_nonnegative',
      sql`${t.einzelTermine} >= 0 and ${t.gruppenTermine} >= 0 and ${t.telefonTermine} >= 0 and ${t.anamnese} >= 0 and ${t.befunde} >= 0`,
    ),
  ],
);
export type GuthabenAngebotRow = typeof guthabenAngebote.$inferSelect;

/**
 * A patient's purchase of a credit package (spec 2 "Credit booking"). The offer's counts and price are copied,
 * so a later change of the offer does not change what was bought.
 */
export const guthabenBestellungen = pgTable(
  'guthaben_bestellung',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    angebotId: integer('angebot_id').references(() => guthabenAngebote.id, { onDelete: 'set null' }),
    titel: text('titel').notNull(),
    centPreis: integer('cent_preis').notNull(),
    einzelTermine: integer('einzel_termine').notNull(),
    gruppenTermine: integer('gruppen_termine').notNull(),
    telefonTermine: integer('telefon_termine').notNull(),
    anamnese: integer('anamnese').notNull(),
    befunde: integer('befunde').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('PENDING'),
    zahlungId: integer('zahlung_id').references(() => zahlungen.id, { onDelete: 'set null' }),
    /** The provider's transaction number, once paid. */
    transactionId: text('transaction_id'),
    buchungsdatum: timestamp('buchungsdatum', { withTimezone: true }).notNull().defaultNow(),
    stornodatum: timestamp('stornodatum', { withTimezone: true }),
  },
  (t) => [index('guthaben_bestellung_patient').on(t.patientUserId)],
);
export type GuthabenBestellungRow = typeof guthabenBestellungen.$inferSelect;
