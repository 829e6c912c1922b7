import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentProviderName, PaymentStatus, ZahlungRow } from './zahlung.table.ts';

/** The provider's checkout for one payment: its id there and the address to send the browser to. */
export interface CheckoutSession {
  providerRef: string;
  redirectUrl: string;
}

/** One card payment provider, chosen by PAYMENT_PROVIDER. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Creates (or finds again) the provider's checkout of a PENDING payment; the browser returns to `returnUrl`, or to
   * `cancelUrl` when the user cancels there.
   */
  startCheckout(payment: ZahlungRow, returnUrl: string, cancelUrl: string): Promise<CheckoutSession>;
  /**
   * Verifies a webhook on its raw body and translates it. Throws HttpError 400 on a bad signature or body; answers
   * null for an event type we do not use (acknowledged, nothing recorded).
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): ProviderEvent | null;
}

/** A provider's event, already verified and translated. */
export interface ProviderEvent {
  provider: PaymentProviderName;
  eventId: string;
  type: string;
  /** Sandbox: our payment id. */
  paymentId?: number;
  /** Stripe: the Checkout Session id. */
  providerRef?: string;
  /** Stripe refunds and disputes: the PaymentIntent, found through the payment's transaction id. */
  transactionRef?: string;
  /** The amount the provider reports as paid; a PAID event with another amount than ours is refused. */
  amountCents?: number | null;
  /** null: an event we record but that changes no status (e.g. a declined card, the checkout stays open). */
  newStatus: PaymentStatus | null;
  transactionId?: string | null;
}
