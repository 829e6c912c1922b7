import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from '@dihs/contract/zahlung';
import { users } from '../users/users.table.ts';

export {
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PAYMENT_PROVIDERS,
  type PaymentPurpose,
  type PaymentStatus,
  type PaymentProviderName,
} from '@dihs/contract/zahlung';

/** One card payment at the external provider. Amounts are integer cents. */
export const zahlungen = pgTable(
  'zahlung',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    /** The id of the purpose's record: credit order, subscription, cart. */
    referenceId: integer('reference_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('PENDING'),
    /** Chosen when the checkout starts (PAYMENT_PROVIDER of that moment). */
    provider: text('provider', { enum: PAYMENT_PROVIDERS }),
    /** Random capability in the payment address: the browser reaches the checkout without a login header. */
    checkoutToken: text('checkout_token').notNull(),
    /** The provider's id of the checkout (Stripe: the Checkout Session id). */
    providerRef: text('provider_ref'),
    /** The provider's transaction number once paid (Stripe: the PaymentIntent id). */
    transactionId: text('transaction_id'),
    /** Where the browser returns after the checkout (a path of this site). */
    returnPath: text('return_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('zahlung_user').on(t.userId, t.createdAt),
    index('zahlung_purpose').on(t.purpose, t.referenceId),
    uniqueIndex('zahlung_provider_ref_unique').on(t.provider, t.providerRef),
    // A refund event names only the transaction (Stripe: the PaymentIntent); findPaymentByTransactionId looks it up.
    // Plain, not unique: a number a provider repeats must not make its webhook fail.
    index('zahlung_provider_transaction').on(t.provider, t.transactionId),
    uniqueIndex('zahlung_checkout_token_unique').on(t.checkoutToken),
    check('zahlung_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
export type ZahlungRow = typeof zahlungen.$inferSelect;

/** Every provider event processed, by the provider's event id: an event id is applied exactly once. */
export const zahlungEvents = pgTable(
  'zahlung_event',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerEventId: text('provider_event_id').notNull(),
    zahlungId: integer('zahlung_id').references(() => zahlungen.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('zahlung_event_unique').on(t.provider, t.providerEventId)],
);
