import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CART_STATUSES } from '@dihs/contract/cart';
import { users } from '../users/users.table.ts';
import { zahlungen } from '../zahlung/zahlung.table.ts';

/**
 * A booking cart (spec 2 "Cart"). Its items are the seats (termin_teilnahme rows) that carry its id: they are
 * RESERVIERT while the cart is OFFEN and become GEBUCHT when it is confirmed or its card payment arrives. A cart
 * that stays OFFEN past expires_at is released by the timeout job (seats freed, credit returned).
 */
export const warenkoerbe = pgTable(
  'warenkorb',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientUserId: integer('patient_user_id')
      .notNull()
      .references(() => users.id),
    /** Who created it: the patient, or the operator booking for the patient. */
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: CART_STATUSES }).notNull().default('OFFEN'),
    /** Sum of the card-paid items, integer cents (0: everything covered by credit or the employer). */
    amountCents: integer('amount_cents').notNull().default(0),
    zahlungId: integer('zahlung_id').references(() => zahlungen.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('warenkorb_betrag', sql`${t.amountCents} >= 0`),
    index('warenkorb_offen').on(t.status, t.expiresAt),
    index('warenkorb_patient').on(t.patientUserId),
    index('warenkorb_zahlung').on(t.zahlungId),
    // one open cart of a patient's own at a time (issue 15): nobody holds many seats unpaid. An operator's cart
    // for the patient (credit only, confirmed at once) is not counted.
    uniqueIndex('warenkorb_ein_offener')
      .on(t.patientUserId)
      .where(sql`${t.status} = 'OFFEN' and ${t.createdByUserId} = ${t.patientUserId}`),
  ],
);
export type WarenkorbRow = typeof warenkoerbe.$inferSelect;
