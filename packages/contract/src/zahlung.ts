import { z } from 'zod';

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
  redirectTitel: 'Ihr letzter Bezahlvorgang (Redirect-Seite)',
  keiner: 'Keiner (vermutlich wurde die Datenbank bereinigt oder noch keiner ausgeführt)',
} as const;

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

const MAX_ID = 2_147_483_647;
export const zahlungIdParamSchema = z.object({
  id: z.coerce
    .number({ message: 'Ungültige Zahlungs-ID.' })
    .int('Ungültige Zahlungs-ID.')
    .positive('Ungültige Zahlungs-ID.')
    .max(MAX_ID, 'Ungültige Zahlungs-ID.'),
});

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

/** Integer cents as German euros: 1250 → "12,50 €", 123456 → "1.234,56 €" (a plain space before the sign). */
export function formatEuroCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')} €`;
}
