import { z } from 'zod';
import { idParam } from './common/rules.ts';
import { endpoint, operator, roles } from './common/endpoint.ts';

/** Credit: balances (spec 1 section 3 "Credit balance"), the credit shop and its bookings (spec 2). */

/** The twelve balance fields of spec 1 section 3. */
export const CREDIT_KINDS = [
  'bezahltEinzelTermin',
  'bezahltGruppenTermin',
  'bezahltBefundTermin',
  'bezahltTelefonTermin',
  'bezahltAnamneseTermin',
  'aboEinzelTermin',
  'aboGruppenTermin',
  'aboBefundTermin',
  'aboTrainingsplan',
  'rezeptEinzelTermin',
  'rezeptGruppenTermin',
  'rezeptBefundTermin',
] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** German labels of the balances (profile, history, PDF). */
export const CREDIT_KIND_LABELS: Record<CreditKind, string> = {
  bezahltEinzelTermin: 'Einzeltermine (bezahlt)',
  bezahltGruppenTermin: 'Gruppentermine (bezahlt)',
  bezahltBefundTermin: 'Befundtermine (bezahlt)',
  bezahltTelefonTermin: 'Telefontermine (bezahlt)',
  bezahltAnamneseTermin: 'Anamnesetermine (bezahlt)',
  aboEinzelTermin: 'Einzeltermine (Abo)',
  aboGruppenTermin: 'Gruppentermine (Abo)',
  aboBefundTermin: 'Befundtermine (Abo)',
  aboTrainingsplan: 'Trainingspläne (Abo)',
  rezeptEinzelTermin: 'Einzeltermine (Rezept)',
  rezeptGruppenTermin: 'Gruppentermine (Rezept)',
  rezeptBefundTermin: 'Befundtermine (Rezept)',
};

/** Upper bound of one balance an operator may set: far above any real need, far below integer overflow. */
export const MAX_CREDIT_COUNT = 10_000;

export const CREDIT_MESSAGES = {
  ganzeZahl: 'Bitte eine ganze Zahl ab 0 eingeben.',
  zuGross: `Höchstens ${MAX_CREDIT_COUNT} sind möglich.`,
  speichernFehler: 'Fehler bei der Änderung',
  unbekannteBuchung: 'Unbekannte Buchung...',
} as const;

/** One balance as the operator edits it: a whole number from 0 (the spec's free text fields, decided). */
export const creditCountRule = z
  .number({ message: CREDIT_MESSAGES.ganzeZahl })
  .int(CREDIT_MESSAGES.ganzeZahl)
  .min(0, CREDIT_MESSAGES.ganzeZahl)
  .max(MAX_CREDIT_COUNT, CREDIT_MESSAGES.zuGross);

/** Text of a balance field ("12") to its number; anything but digits fails with the field's message. */
export const creditCountTextRule = z
  .string()
  .trim()
  .regex(/^\d+$/, CREDIT_MESSAGES.ganzeZahl)
  .transform(Number)
  .pipe(creditCountRule);

/** The full balance (GET /guthaben/patient/get, /guthaben/betreiber/get/{patientId}). */
export const guthabenSchema = z.object(
  Object.fromEntries(CREDIT_KINDS.map((kind) => [kind, z.number().int()])) as Record<CreditKind, z.ZodNumber>,
);
export type Guthaben = z.infer<typeof guthabenSchema>;

/** POST /guthaben/betreiber/store/{patientId}: every one of the twelve balances, each a whole number from 0. */
export const guthabenStoreBodySchema = z.strictObject(
  Object.fromEntries(CREDIT_KINDS.map((kind) => [kind, creditCountRule])) as Record<CreditKind, typeof creditCountRule>,
);
export type GuthabenStoreBody = z.infer<typeof guthabenStoreBodySchema>;

export const guthabenPatientIdParamSchema = z.object({ patientId: idParam('Ungültige Patienten-ID.') });
export const guthabenOfferIdParamSchema = z.object({ offerId: idParam('Ungültige Angebots-ID.') });
export const guthabenBuchungIdParamSchema = z.object({ buchungId: idParam('Ungültige Buchungs-ID.') });
export const guthabenPdfIdParamSchema = z.object({ id: idParam('Ungültige Buchungs-ID.') });

/** A credit package of the shop (spec 2 "GuthabenAngebot"). */
export const guthabenAngebotSchema = z.object({
  guthabenAngebotId: z.number().int(),
  titel: z.string(),
  centPreis: z.number().int(),
  buchbar: z.boolean(),
  einzelTermine: z.number().int(),
  gruppenTermine: z.number().int(),
  telefonTermine: z.number().int(),
  anamnese: z.number().int(),
  befunde: z.number().int(),
});
export type GuthabenAngebot = z.infer<typeof guthabenAngebotSchema>;
export const guthabenAngebotListSchema = z.array(guthabenAngebotSchema);

/** GET /guthaben/patient/placeOrder/{offerId}: the address of the payment page. */
export const placeOrderResponseSchema = z.string();

const paymentStatus = z.enum(['PENDING', 'PAID', 'CANCELLED', 'REFUNDED', 'STORNIERT']);

/** GET /guthaben/patient/check/{buchungId} (spec 2 "Credit booking"). */
export const guthabenBuchungSchema = z.object({
  buchungId: z.number().int(),
  status: paymentStatus,
  transactionId: z.string().nullable(),
  /** ISO date-time. */
  buchungsdatum: z.string(),
  stornodatum: z.string().nullable(),
  /** The package as bought (title, price and counts are kept with the booking). */
  guthabenAngebot: guthabenAngebotSchema,
  /** While the payment is open: the address to continue it (beyond the spec). */
  zahlungsLink: z.string().nullable(),
});
export type GuthabenBuchung = z.infer<typeof guthabenBuchungSchema>;

/** One line of the credit history (beyond the spec: patients see how their balance came about). */
export const guthabenVerlaufEintragSchema = z.object({
  id: z.number().int(),
  art: z.enum(CREDIT_KINDS),
  aenderung: z.number().int(),
  grund: z.string(),
  /** ISO date-time. */
  datum: z.string(),
  durchBetreiber: z.boolean(),
});
export const guthabenVerlaufSchema = z.object({
  eintraege: z.array(guthabenVerlaufEintragSchema),
  /** Credit a refund could not take back because it was already used, per kind (only kinds above 0). */
  schulden: z.partialRecord(z.enum(CREDIT_KINDS), z.number().int()),
});
export type GuthabenVerlauf = z.infer<typeof guthabenVerlaufSchema>;

/** Shop texts (spec 2 "Credit shop", "Booking status"). */
export const GUTHABEN_TEXTS = {
  shopTitel: 'LEISTUNGEN',
  inklMwst: 'inkl. MwSt',
  aufladen: 'Guthaben aufladen',
  buchen: 'buchen',
  agbZustimmen: 'AGB zustimmen',
  dialogTitel: 'Weiter zum Bezahlvorgang für das Guthabenpaket:',
  jetztKaufen: 'Jetzt Kaufen',
  abbrechen: 'Abbrechen',
  buchungTitel: (angebot: string) => `IHRE BUCHUNG VOM TYP: ${angebot}`,
  zurueckZumShop: 'Zurück zum Shop',
  pdf: 'Buchungsbestätigung (PDF)',
  sitzungBuchen: 'Jetzt Sitzung Buchen',
} as const;

/** Session durations in the shop (spec 2 section 9); findings show none. */
export const SHOP_DURATIONS_MINUTES = { einzel: 20, gruppe: 30, telefon: 20, anamnese: 40 } as const;

const tag = 'Guthaben';
const errors = [400, 401, 403, 404, 409] as const;
const patient = roles(['PATIENT']);

export const guthabenEndpoints = {
  eigenes: endpoint({
    method: 'GET',
    path: '/guthaben/patient/get',
    summary: 'Eigenes Guthaben (alle zwölf Felder)',
    tag,
    access: patient,
    reads: ['GUTHABEN'],
    response: guthabenSchema,
    errors,
  }),
  eigenerVerlauf: endpoint({
    method: 'GET',
    path: '/guthaben/patient/verlauf',
    summary: 'Eigene Guthabenbewegungen, neueste zuerst, mit offenen Schulden (über die Spezifikation hinaus)',
    tag,
    access: patient,
    reads: ['GUTHABEN'],
    response: guthabenVerlaufSchema,
    errors,
  }),
  angebote: endpoint({
    method: 'GET',
    path: '/guthaben/patient/getOffers',
    summary: 'Buchbare Guthabenpakete',
    tag,
    access: patient,
    response: guthabenAngebotListSchema,
    errors,
  }),
  bestellen: endpoint({
    method: 'GET',
    path: '/guthaben/patient/placeOrder/:offerId',
    summary: 'Guthabenpaket bestellen; Antwort: Adresse der Bezahlseite',
    tag,
    access: patient,
    params: guthabenOfferIdParamSchema,
    response: placeOrderResponseSchema,
    errors: [...errors, 429],
  }),
  buchung: endpoint({
    method: 'GET',
    path: '/guthaben/patient/check/:buchungId',
    summary: 'Status einer eigenen Guthabenbuchung',
    tag,
    access: patient,
    params: guthabenBuchungIdParamSchema,
    response: guthabenBuchungSchema,
    errors,
  }),
  vonPatient: endpoint({
    method: 'GET',
    path: '/guthaben/betreiber/get/:patientId',
    summary: 'Guthaben eines Patienten (Betreiber)',
    tag,
    access: operator(),
    reads: ['GUTHABEN'],
    patientRecord: {
      kind: 'GUTHABEN',
      action: 'LESEN',
      patientParam: 'patientId',
      operatorPrivileges: ['GUTHABEN_AENDERN', 'PATIENT_TERMINE_BUCHEN', 'TERMINE_EDITIEREN', 'BENUTZER_VERWALTEN'],
    },
    params: guthabenPatientIdParamSchema,
    response: guthabenSchema,
    errors,
  }),
  verlaufVonPatient: endpoint({
    method: 'GET',
    path: '/guthaben/betreiber/verlauf/:patientId',
    summary: 'Guthabenbewegungen eines Patienten mit offenen Schulden (Betreiber)',
    tag,
    access: operator(),
    reads: ['GUTHABEN'],
    patientRecord: {
      kind: 'GUTHABEN',
      action: 'LESEN',
      patientParam: 'patientId',
      operatorPrivileges: ['GUTHABEN_AENDERN', 'BENUTZER_VERWALTEN'],
    },
    params: guthabenPatientIdParamSchema,
    response: guthabenVerlaufSchema,
    errors,
  }),
  speichern: endpoint({
    method: 'POST',
    path: '/guthaben/betreiber/store/:patientId',
    summary: 'Vollständiges Guthaben eines Patienten setzen; Differenzen werden gebucht (GUTHABEN_AENDERN)',
    tag,
    access: operator('GUTHABEN_AENDERN'),
    patientRecord: {
      kind: 'GUTHABEN',
      action: 'SCHREIBEN',
      patientParam: 'patientId',
      operatorPrivileges: ['GUTHABEN_AENDERN'],
    },
    params: guthabenPatientIdParamSchema,
    body: guthabenStoreBodySchema,
    response: guthabenSchema,
    errors,
  }),
  bestaetigungPdf: endpoint({
    method: 'GET',
    path: '/pdf/guthabenbestaetigung/:id',
    summary: 'Buchungsbestätigung einer eigenen, bezahlten Guthabenbuchung (PDF)',
    tag,
    access: patient,
    params: guthabenPdfIdParamSchema,
    responseFormat: 'file',
    fileType: 'application/pdf',
    errors,
  }),
};
