import type { IncomingHttpHeaders } from 'node:http';
import type Stripe from 'stripe';
import { HttpError } from '../../lib/http-error.ts';
import type { PaymentProvider, ProviderEvent } from './payment-provider.ts';

/** The part of the Stripe client the checkout needs; tests pass a fake (no network reaches Stripe there). */
export interface StripeCheckoutClient {
  checkout: {
    sessions: {
      create(
        params: Stripe.Checkout.SessionCreateParams,
        options?: Stripe.RequestOptions,
      ): Promise<{ id: string; url: string | null }>;
    };
  };
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** The site's address, for Stripe's return addresses. */
  publicUrl: string;
  /** Another API address (stripe-mock, a test double). */
  apiUrl?: string | undefined;
  client?: StripeCheckoutClient;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Our payment id from a Checkout Session (we set client_reference_id to it). */
function paymentIdOf(session: Stripe.Checkout.Session): number {
  const id = Number(session.client_reference_id ?? session.metadata?.['zahlungId']);
  if (!Number.isSafeInteger(id) || id <= 0) throw HttpError.notFound('Unbekannte Zahlung.');
  return id;
}

/**
 * Stripe Checkout Sessions. The session is created with the payment id as idempotency key, so opening the payment
 * address twice within Stripe's 24 hours gives the same session. Webhooks are verified on the raw body with the
 * signing secret (STRIPE_WEBHOOK_SECRET). The Stripe library is loaded here, not at the top: a server without
 * Stripe keys (the sandbox, the embedded demo) never needs it (memory at start).
 */
export async function createStripeProvider(options: StripeProviderOptions): Promise<PaymentProvider> {
  const { default: StripeClient } = await import('stripe');
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new StripeClient(
    options.secretKey,
    api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
          maxNetworkRetries: 0,
        }
      : {},
  );
  const client: StripeCheckoutClient = options.client ?? stripe;
  const base = options.publicUrl.replace(/\/+$/, '');
  return {
    name: 'stripe',
    async startCheckout(payment, returnUrl, cancelUrl) {
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          locale: 'de',
          client_reference_id: String(payment.id),
          metadata: { zahlungId: String(payment.id) },
          payment_intent_data: { metadata: { zahlungId: String(payment.id) } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: payment.amountCents,
                // prices include VAT (spec 2: "inkl. MwSt")
                tax_behavior: 'inclusive',
                product_data: { name: payment.description },
              },
            },
          ],
          success_url: `${base}${returnUrl}`,
          cancel_url: `${base}${cancelUrl}`,
        },
        { idempotencyKey: `zahlung-${payment.id}-${payment.amountCents}` },
      );
      if (!session.url) throw new HttpError(502, 'Der Zahlungsanbieter hat keine Zahlungsseite geliefert.');
      return { providerRef: session.id, redirectUrl: session.url };
    },
    parseWebhook(rawBody, headers: IncomingHttpHeaders): ProviderEvent | null {
      const signature = headers['stripe-signature'];
      if (!signature) throw HttpError.badRequest('Ungültige Signatur des Zahlungsanbieters.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw HttpError.badRequest('Ungültige Signatur des Zahlungsanbieters.');
      }
      const common = { provider: 'stripe' as const, eventId: event.id, type: event.type };
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          // a delayed method (SEPA) completes the session unpaid; its async_payment_succeeded follows
          const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
          return {
            ...common,
            paymentId: paymentIdOf(session),
            providerRef: session.id,
            newStatus: paid ? 'PAID' : null,
            transactionId: idOf(session.payment_intent),
            amountCents: session.amount_total,
          };
        }
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired': {
          const session = event.data.object;
          return { ...common, paymentId: paymentIdOf(session), providerRef: session.id, newStatus: 'CANCELLED' };
        }
        case 'charge.refunded': {
          const charge = event.data.object;
          const paymentIntent = idOf(charge.payment_intent);
          if (!paymentIntent) throw HttpError.notFound('Unbekannte Zahlung.');
          // a partial refund is recorded but changes nothing: the operators settle it by hand
          return { ...common, transactionRef: paymentIntent, newStatus: charge.refunded ? 'REFUNDED' : null };
        }
        case 'charge.dispute.funds_withdrawn': {
          const dispute = event.data.object;
          const paymentIntent = idOf(dispute.payment_intent);
          if (!paymentIntent) throw HttpError.notFound('Unbekannte Zahlung.');
          return { ...common, transactionRef: paymentIntent, newStatus: 'STORNIERT' };
        }
        default:
          return null;
      }
    },
  };
}
