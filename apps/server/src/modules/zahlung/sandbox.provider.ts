import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import type { PaymentProvider, ProviderEvent } from './payment-provider.ts';
import type { PaymentStatus } from './zahlung.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { zahlungEndpoints } from '@dihs/contract/zahlung';

/**
 * The built-in test provider: a checkout page of our own (sandbox.page.ts) and webhooks signed like Stripe's
 * (`t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`), delivered to our own webhook endpoint.
 */

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
export const SANDBOX_WEBHOOK_PATH = apiUrl(zahlungEndpoints.webhookSandbox);
/** A signature older (or newer) than this is refused, so a captured webhook cannot be replayed later. */
export const SANDBOX_TOLERANCE_SECONDS = 300;

export const SANDBOX_EVENT_TYPES = {
  'payment.paid': 'PAID',
  'payment.cancelled': 'CANCELLED',
  // a declined card: the checkout stays open and the payment PENDING; the event is recorded only
  'payment.failed': null,
  'payment.refunded': 'REFUNDED',
  'payment.storniert': 'STORNIERT',
} as const satisfies Record<string, PaymentStatus | null>;
export type SandboxEventType = keyof typeof SANDBOX_EVENT_TYPES;

const sandboxEventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(Object.keys(SANDBOX_EVENT_TYPES) as [SandboxEventType, ...SandboxEventType[]]),
  created: z.number().int(),
  data: z.object({
    paymentId: z.number().int().positive().max(2_147_483_647),
    transactionId: z.string().max(100).nullable().optional(),
  }),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

/** The sandbox's signing key, derived from the server secret (nothing to configure). */
export const sandboxSecret = (serverSecret: string) =>
  createHmac('sha256', serverSecret).update('zahlung-sandbox-webhook').digest('hex');

const hmac = (secret: string, timestamp: number, payload: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');

/** The signature header for a payload, as the sandbox sends it. */
export function signSandboxPayload(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${hmac(secret, timestamp, payload)}`;
}

export function newSandboxEvent(type: SandboxEventType, paymentId: number, transactionId?: string): SandboxEvent {
  return {
    id: `evt_sbx_${randomBytes(12).toString('hex')}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { paymentId, transactionId: transactionId ?? null },
  };
}

function verify(secret: string, rawBody: Buffer, header: string | string[] | undefined, now: number): void {
  const value = Array.isArray(header) ? header[0] : header;
  const parts = new Map(
    (value ?? '').split(',').map((part) => {
      const [key, ...rest] = part.trim().split('=');
      return [key ?? '', rest.join('=')] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  const expected = Buffer.from(hmac(secret, timestamp, rawBody.toString('utf8')), 'hex');
  const valid =
    Number.isInteger(timestamp) &&
    Math.abs(now - timestamp) <= SANDBOX_TOLERANCE_SECONDS &&
    given.length === expected.length &&
    timingSafeEqual(given, expected);
  if (!valid) throw HttpError.badRequest('Ungültige Signatur des Zahlungsanbieters.');
}

export function createSandboxProvider(options: {
  secret: string;
  now?: () => number;
}): PaymentProvider & { secret: string } {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  return {
    name: 'sandbox',
    secret: options.secret,
    startCheckout(payment) {
      return Promise.resolve({
        providerRef: `sbx_${payment.id}`,
        redirectUrl: apiUrl(zahlungEndpoints.sandboxSeite, { params: { token: payment.checkoutToken } }),
      });
    },
    parseWebhook(rawBody, headers: IncomingHttpHeaders): ProviderEvent {
      verify(options.secret, rawBody, headers[SANDBOX_SIGNATURE_HEADER], now());
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw HttpError.badRequest('Ungültige Nachricht des Zahlungsanbieters.');
      }
      const parsed = sandboxEventSchema.safeParse(json);
      if (!parsed.success) throw HttpError.badRequest('Ungültige Nachricht des Zahlungsanbieters.');
      const event = parsed.data;
      return {
        provider: 'sandbox',
        eventId: event.id,
        type: event.type,
        paymentId: event.data.paymentId,
        newStatus: SANDBOX_EVENT_TYPES[event.type],
        transactionId: event.data.transactionId ?? null,
      };
    },
  };
}
