import type { IncomingHttpHeaders } from 'node:http';
import type { ProviderEvent } from './zahlung.service.ts';
import type { PaymentProviderName, ZahlungRow } from './zahlung.table.ts';

/** The provider's checkout for one payment: its id there and the address to send the browser to. */
export interface CheckoutSession {
  providerRef: string;
  redirectUrl: string;
}

/** One card payment provider, chosen by PAYMENT_PROVIDER. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates (or finds again) the provider's checkout of a PENDING payment; the browser returns to `returnUrl`. */
  startCheckout(payment: ZahlungRow, returnUrl: string): Promise<CheckoutSession>;
  /**
   * Verifies a webhook on its raw body and translates it. Throws HttpError 400 on a bad signature or body; answers
   * null for an event type we do not use (acknowledged, nothing recorded).
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): ProviderEvent | null;
}
