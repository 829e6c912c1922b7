import { z } from 'zod';
import { idParam } from './common/rules.ts';
import { endpoint, LOGIN, operator, PUBLIC } from './common/endpoint.ts';

/** Payments at the external card provider (spec 2 "Payment redirect page", section 4). */

/** What a payment pays for; BEISPIEL is the operators' sample payment (POST /payment/sample/). */
export const PAYMENT_PURPOSES = ['GUTHABEN', 'ABO', 'WARENKORB', 'BEISPIEL'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** Spec 2 section 4. */
export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'CANCELLED', 'REFUNDED', 'STORNIERT'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The status texts of spec 2 section 4. */
export const PAYMENT_STATUS_TEXTS: Record<PaymentStatus, string> = {
  PENDING: 'Zahlung Ausstehend...',
  PAID: 'Zahlung erfolgreich!',
  CANCELLED: 'Zahlung Abgebrochen...',
  REFUNDED: 'Rückerstattung angefordert.',
  STORNIERT: 'Zahlung Storniert.',
};
export const PAYMENT_STATUS_UNKNOWN_TEXT = 'Unbekannter Zahlungszustand... Bitte wenden Sie sich an den Kundenservice.';

/** The text for any status string the server sends, the unknown text for anything else. */
export const paymentStatusText = (status: string): string =>
  (PAYMENT_STATUSES as readonly string[]).includes(status)
    ? PAYMENT_STATUS_TEXTS[status as PaymentStatus]
    : PAYMENT_STATUS_UNKNOWN_TEXT;

export const PAYMENT_TEXTS = {
  redirectTitel: 'Ihr letzter Bezahlvorgang',
  keiner: 'Keiner (vermutlich wurde die Datenbank bereinigt oder noch keiner ausgeführt)',
} as const;

/**
 * The query parameter the browser brings back from a checkout the user cancelled (`?zahlung=abgebrochen`): the page
 * can say so at once, since the provider reports a cancellation later (the sandbox) or not at all (Stripe's back
 * link). Only words follow from it; what was paid is always read from the server.
 */
export const PAYMENT_CANCEL_PARAM = { name: 'zahlung', value: 'abgebrochen' } as const;

export const PAYMENT_PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  GUTHABEN: 'Guthabenpaket',
  ABO: 'Abonnement',
  WARENKORB: 'Terminbuchung',
  BEISPIEL: 'Beispielzahlung',
};

/** A payment as the redirect page shows it (the spec leaves the fields open). */
export const zahlungSchema = z.object({
  zahlungId: z.number().int(),
  status: z.string(),
  beschreibung: z.string(),
  betragCent: z.number().int(),
  zweck: z.enum(PAYMENT_PURPOSES),
  anbieter: z.enum(PAYMENT_PROVIDERS).nullable(),
  transaktionsnummer: z.string().nullable(),
  /** ISO date-times. */
  erstelltAm: z.string(),
  aktualisiertAm: z.string(),
  /** Where the purpose's own page is (credit booking, profile), for a link back. */
  zurueck: z.string(),
  /** While PENDING: the address to continue the payment. */
  zahlungsLink: z.string().nullable(),
});
export type Zahlung = z.infer<typeof zahlungSchema>;

/** GET /payment/mostrecent/: the user's newest payment, or null when there is none. */
export const mostRecentPaymentResponseSchema = zahlungSchema.nullable();

export const zahlungIdParamSchema = z.object({ id: idParam('Ungültige Zahlungs-ID.') });

/** Highest amount of a sample payment: 1.000,00 €. */
export const MAX_SAMPLE_AMOUNT_CENTS = 100_000;

/** POST /payment/sample/: a test payment with a description and an amount in cents. */
export const samplePaymentBodySchema = z.strictObject({
  description: z
    .string()
    .trim()
    .min(1, 'Die Beschreibung darf nicht leer sein.')
    .max(200, 'Die Beschreibung darf höchstens 200 Zeichen haben.'),
  amount: z
    .number({ message: 'Der Betrag muss eine ganze Zahl von Cent sein.' })
    .int('Der Betrag muss eine ganze Zahl von Cent sein.')
    .positive('Der Betrag muss größer als 0 sein.')
    .max(MAX_SAMPLE_AMOUNT_CENTS, 'Der Betrag darf höchstens 1.000,00 € sein.'),
});
/** The address of the payment page. */
export const samplePaymentResponseSchema = z.string();

/** A payment address's token (GET /zahlung/checkout/{token}); anything else is not a payment. */
export const zahlungTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Unbekannte Zahlung.'),
});

/** The buttons of the sandbox's checkout page. */
export const SANDBOX_ACTIONS = ['bezahlen', 'abbrechen', 'fehlschlag', 'rueckerstatten', 'stornieren'] as const;
export type SandboxAction = (typeof SANDBOX_ACTIONS)[number];
/** POST /zahlung/sandbox/checkout/{token}: the page's plain HTML form, sent form-encoded. */
export const sandboxActionBodySchema = z.object({ aktion: z.enum(SANDBOX_ACTIONS, 'Unbekannte Aktion.') });

/** The answer to a provider's webhook. */
export const webhookResponseSchema = z.object({ received: z.literal(true) });

const tag = 'Zahlung';
const errors = [400, 401, 403, 404] as const;

/** A provider's webhook; its JSON body is read raw, since the signature covers the exact bytes. */
const webhook = <const Name extends PaymentProviderName>(name: Name) =>
  endpoint({
    method: 'POST',
    path: `/zahlung/webhook/${name}`,
    summary: `Webhook des Zahlungsanbieters (${name}), signiert`,
    tag,
    access: PUBLIC,
    response: webhookResponseSchema,
    errors: [400, 404],
  });

export const zahlungEndpoints = {
  checkout: endpoint({
    method: 'GET',
    path: '/zahlung/checkout/:token',
    summary: 'Zahlungsadresse: leitet zur Bezahlseite des Anbieters weiter (oder zurück, wenn entschieden)',
    tag,
    access: PUBLIC,
    params: zahlungTokenParamSchema,
    errors: [404],
  }),
  sandboxSeite: endpoint({
    method: 'GET',
    path: '/zahlung/sandbox/checkout/:token',
    summary: 'Bezahlseite des Testbetriebs (HTML)',
    tag,
    access: PUBLIC,
    params: zahlungTokenParamSchema,
    responseFormat: 'file',
    fileType: 'text/html',
    errors: [404],
  }),
  sandboxAktion: endpoint({
    method: 'POST',
    path: '/zahlung/sandbox/checkout/:token',
    summary: 'Knopf der Test-Bezahlseite: sendet den Webhook und leitet zurück',
    tag,
    access: PUBLIC,
    params: zahlungTokenParamSchema,
    body: sandboxActionBodySchema,
    errors: [400, 404],
  }),
  webhookSandbox: webhook('sandbox'),
  webhookStripe: webhook('stripe'),
  neueste: endpoint({
    method: 'GET',
    path: '/payment/mostrecent/',
    summary: 'Der letzte Bezahlvorgang des angemeldeten Benutzers (oder null)',
    tag,
    access: LOGIN,
    response: mostRecentPaymentResponseSchema,
    errors,
  }),
  eine: endpoint({
    method: 'GET',
    path: '/payment/get/:id',
    summary: 'Ein Bezahlvorgang (eigener; Betreiber mit ZAHLUNGEN_VERWALTEN: jeder)',
    tag,
    access: LOGIN,
    // a patient's payment (what was paid for, when, how much): its payer is named in the audit log
    patientList: { kind: 'GUTHABEN' },
    params: zahlungIdParamSchema,
    response: zahlungSchema,
    errors,
  }),
  beispiel: endpoint({
    method: 'POST',
    path: '/payment/sample/',
    summary: 'Beispielzahlung anlegen (Betreiber mit ZAHLUNGEN_VERWALTEN); Antwort: Zahlungsadresse',
    tag,
    access: operator('ZAHLUNGEN_VERWALTEN'),
    body: samplePaymentBodySchema,
    response: samplePaymentResponseSchema,
    errors,
  }),
};
