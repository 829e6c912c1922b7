import { z } from 'zod';
import { idField, idParam } from './common/rules.ts';
import { endpoint, operator, roles, type DataTag } from './common/endpoint.ts';
import { formatDateTimeUhr } from './common/time.ts';
import {
  TERMINTYP_LABELS,
  TERMINTYPEN,
  ZAHLUNGSARTEN,
  terminIdParamSchema,
  type Termintyp,
  type Zahlungsart,
} from './termin.ts';
import type { SettingKey } from './verwaltung.ts';

/**
 * The booking cart (spec 2 "Booking cart dialog", section 3 "Cart", section 4 "Booking flow", section 7 "Cart")
 * and the patient's cancellation (spec 2 section 4 "Cancellation", section 8).
 *
 * Flow: POST /cart/create reserves every seat and takes the credit in one transaction (items RESERVIERT, cart
 * OFFEN); POST /cart/confirm/{cartId} books a cart without card amount at once, or answers the payment page address
 * (the payment's webhook then books it); GET /cart/patient/cancelPayment/{cartId} (reset) cancels the payment and
 * releases seats and credit. A cart left OFFEN is released after CART_TIMEOUT_MINUTES by a job.
 */

export const CART_STATUSES = ['OFFEN', 'BEZAHLT', 'ABGEBROCHEN', 'ABGELAUFEN'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/** An item is PAID once booked (spec: "each item is PAID or not"), OFFEN while waiting, STORNIERT when released. */
export const CART_ITEM_STATUSES = ['PAID', 'OFFEN', 'STORNIERT'] as const;
export type CartItemStatus = (typeof CART_ITEM_STATUSES)[number];

/** How the dialog names an item's payment method (spec: FIRMA, REZEPT, ABO, GUTHABEN, or to be paid). */
export const ZAHLUNGSART_LABELS: Record<Zahlungsart, string> = {
  FIRMA: 'Arbeitgeber',
  REZEPT: 'Rezept',
  ABO: 'Abo',
  GUTHABEN: 'Guthaben',
  KARTE: 'Zu bezahlen',
};

/** Decided: one cart holds at most 50 appointments (a page of the plan holds 50). */
export const CART_MAX_ITEMS = 50;

/** Decided default of CART_TIMEOUT_MINUTES: an unpaid cart holds its seats this long. */
export const CART_TIMEOUT_MINUTES_DEFAULT = 30;

/** Operator booking for a patient: the error words of spec 2 section 8, by appointment type. */
export const KEIN_GUTHABEN_CODES: Record<Termintyp, string> = {
  EINZEL: 'KEIN_EINZEL_GUTHABEN',
  GRUPPE: 'KEIN_GRUPPE_GUTHABEN',
  BEFUND: 'KEIN_BEFUND_GUTHABEN',
  ANAMNESE: 'KEIN_ANAMNESE_GUTHABEN',
  TELEFON: 'KEIN_TELEFON_GUTHABEN',
};

/**
 * Card price of one appointment per type: a typed setting of the operator's "Sonstige Einstellungen" (entered as
 * "25,00", stored as cents, VAT included). Without it an appointment of that type cannot be paid by card.
 */
export const TERMINPREIS_SETTING: Record<Termintyp, SettingKey> = {
  EINZEL: 'TERMINPREIS_EINZEL',
  GRUPPE: 'TERMINPREIS_GRUPPE',
  BEFUND: 'TERMINPREIS_BEFUND',
  ANAMNESE: 'TERMINPREIS_ANAMNESE',
  TELEFON: 'TERMINPREIS_TELEFON',
};

/** The code of the 409 a patient gets for a second cart while one is open (the web then shows the open one). */
export const OFFENE_BUCHUNG_CODE = 'OFFENE_BUCHUNG';

export const CART_MESSAGES = {
  leer: 'Es wurde kein Termin zur Buchung ausgewählt',
  zuViele: `Höchstens ${CART_MAX_ITEMS} Termine je Buchung.`,
  doppelt: 'Ein Termin ist mehrfach ausgewählt.',
  unbekannt: 'Unbekannter Warenkorb.',
  abgeschlossen: 'Der Warenkorb ist bereits abgeschlossen.',
  abgelaufen: 'Die Reservierung ist abgelaufen. Bitte wählen Sie die Termine erneut aus.',
  keinPreis: 'Für diese Terminart ist kein Preis hinterlegt. Bitte wenden Sie sich an den Kundenservice.',
  nichtSichtbar: 'Der Termin kann nicht gebucht werden.',
  unbezahlt:
    'Es scheint ein Fehler aufgetreten zu sein und einige Posten sind noch unbezahlt. Bitte versuchen Sie es erneut.',
  buchungFehlerTitel: 'Fehler bei der Buchung',
  offeneBuchung:
    'Sie haben noch eine offene Buchung. Bitte schließen Sie diese zuerst ab oder geben Sie sie frei, bevor Sie neue Termine buchen.',
  // the spec's text with its error word said as a sentence (issue 15: no raw codes on screen); the code stays in the
  // answer's code field for programs
  guthabenFehlt: (typ: Termintyp) =>
    `Guthaben Reicht nicht aus: Für einen ${TERMINTYP_LABELS[typ]} fehlt der Patientin oder dem Patienten passendes Guthaben.`,
  nurGuthaben: 'Dieser Termin kann nur über den Warenkorb mit Zahlung gebucht werden.',
} as const;

/**
 * The booking's confirmation and the card payment's way through the provider's page and back (issue 32: one tab; the
 * confirmation names what was booked, when, with whom and where to find it, instead of the spec's "Es hat alles
 * geklappt.").
 */
export const BUCHUNG_TEXTE = {
  titel: 'Buchung abgeschlossen',
  /** The lead of the confirmation: the patient's own booking, or an operator's booking for a patient. */
  gebucht: (anzahl: number, fuer: string | null) =>
    fuer === null
      ? anzahl === 1
        ? 'Ihr Termin ist gebucht:'
        : `Ihre ${anzahl} Termine sind gebucht:`
      : anzahl === 1
        ? `Der Termin für ${fuer} ist gebucht:`
        : `${anzahl} Termine für ${fuer} sind gebucht:`,
  /** One booked appointment: what, when, with whom. */
  posten: (item: { terminName: string; termintyp: Termintyp; datum: string; therapeut: string }) =>
    `${item.terminName} (${TERMINTYP_LABELS[item.termintyp]}) am ${formatDateTimeUhr(item.datum)}${
      item.therapeut ? ` bei ${item.therapeut}` : ''
    }`,
  /** Where to find them: the text around the link to the plan's "Gebuchte Termine". */
  wo: (fuer: string | null) =>
    fuer === null
      ? { vor: 'Ihre Termine finden Sie in Ihrem Terminplan unter ', link: 'Gebuchte Termine', nach: '.' }
      : { vor: `Die Termine finden Sie im Terminplan von ${fuer} unter `, link: 'Gebuchte Termine', nach: '.' },
  mail: (fuer: string | null) =>
    fuer === null
      ? 'Die Bestätigung mit Kalenderdatei erhalten Sie per E-Mail.'
      : `${fuer} erhält die Bestätigung mit Kalenderdatei per E-Mail.`,
  /** The summary of a cart with a card amount, before "Buchung bestätigen". */
  zahlungHinweis:
    'Mit „Buchung bestätigen“ gelangen Sie zur Zahlungsseite unseres Zahlungsanbieters und danach zurück zu Ihrem Terminplan.',
  weiterleitung: 'Sie werden zur Zahlungsseite weitergeleitet …',
  /** Back from the payment page while the provider's confirmation has not arrived yet. */
  pruefen: 'Ihre Zahlung wird bestätigt. Einen Moment bitte …',
  /** Back from a cancelled payment: nothing was charged, the cart still holds its seats. */
  zahlungAbgebrochen: (bis: string) =>
    `Die Zahlung wurde abgebrochen, es wurde nichts von Ihrer Karte abgebucht. Ihre Termine bleiben bis ${bis} für Sie reserviert: Sie können die Zahlung erneut versuchen oder die Buchung zurücksetzen.`,
  reserviertBis: (bis: string) => `Ihre Termine bleiben bis ${bis} für Sie reserviert.`,
  zurueckgesetzt: 'Die Buchung wurde zurückgesetzt.',
  unbekanntTitel: 'Buchung nicht gefunden',
  unbekannt:
    'Diese Buchung ist unbekannt. Bitte prüfen Sie unter „Gebuchte Termine“, ob Ihre Termine gebucht sind, oder buchen Sie erneut.',
  ladeFehlerTitel: 'Buchung konnte nicht geladen werden',
  ladeFehler:
    'Der Stand Ihrer Buchung konnte gerade nicht geladen werden. Bitte prüfen Sie unter „Gebuchte Termine“, ob Ihre Termine gebucht sind.',
} as const;

export const STORNO_MESSAGES = {
  bestaetigenTitel: 'Stornierung bestätigen',
  firmaHinweis:
    'Da es sich um einen kostenfreien Termin Ihres Arbeitgebers handelt erfolgt keine Gutschrift des Guthabens.',
  fehlerTitel: 'Termin konnte nicht storniert werden',
  fehler:
    'Der Termin liegt in der Vergangenheit, oder die Frist zum Stornieren ist abgelaufen. Termine können nur bis 24 Stunden vor Terminbeginn storniert werden.',
  erfolgTitel: 'Termin storniert',
  erfolg: (befund: string) => `Der Termin ${befund} wurde erfolgreich storniert.`,
  gutschrift: ' Das entsprechende Guthaben wurde Ihnen zugeschrieben.',
  verbotenTitel: 'Verboten',
  verboten: 'Sie sind nicht zu dieser Aktion berechtigt.',
} as const;

export const cartIdParamSchema = z.object({ cartId: idParam(CART_MESSAGES.unbekannt) });
export const cartPatientIdParamSchema = z.object({ patientId: idParam('Ungültige Patienten-ID.') });

/**
 * POST /cart/create and /cart/create/forpatient/{patientId}: "an array of appointments". Only each entry's id
 * counts (other fields of a Termin are ignored), 1 to 50 distinct ids.
 */
export const cartCreateBodySchema = z
  .array(z.object({ id: idField('Ungültige Termin-ID.') }), { message: CART_MESSAGES.leer })
  .min(1, CART_MESSAGES.leer)
  .max(CART_MAX_ITEMS, CART_MESSAGES.zuViele)
  .refine((items) => new Set(items.map((item) => item.id)).size === items.length, CART_MESSAGES.doppelt);
export type CartCreateBody = z.input<typeof cartCreateBodySchema>;

export const cartItemSchema = z.object({
  terminId: z.number().int(),
  /** The appointment's Befund (the spec's terminName). */
  terminName: z.string(),
  termintyp: z.enum(TERMINTYPEN),
  /** UTC ISO instant. */
  datum: z.string(),
  /** The therapist's name ("Vorname Nachname"; empty when unknown): the confirmation says with whom. */
  therapeut: z.string(),
  status: z.enum(CART_ITEM_STATUSES),
  paymentMethod: z.enum(ZAHLUNGSARTEN),
  /** Card price of this item in cents; 0 for credit, subscription, prescription and employer items. */
  amountCents: z.number().int(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  cartId: z.number().int(),
  status: z.enum(CART_STATUSES),
  /** The payment page while a card amount is open; null when everything is covered or the cart is closed. */
  redirectUrl: z.string().nullable(),
  vorname: z.string(),
  nachname: z.string(),
  amountCents: z.number().int(),
  /** UTC ISO instant when an OFFEN cart is released. */
  expiresAt: z.string(),
  items: z.array(cartItemSchema),
});
export type Cart = z.infer<typeof cartSchema>;

/** GET /termin/patient/abmelden/{id}: what was cancelled and whether credit came back (not for employer items). */
export const abmeldenResponseSchema = z.object({
  terminId: z.number().int(),
  befund: z.string(),
  gutschrift: z.boolean(),
});
export type AbmeldenResponse = z.infer<typeof abmeldenResponseSchema>;

const tag = 'Warenkorb';
const errors = [400, 401, 403, 404, 409] as const;
const patient = roles(['PATIENT']);
const bookingOperator = operator('PATIENT_TERMINE_BUCHEN');

/**
 * The booking cart (spec 2 "Booking cart dialog", section 7 "Cart"), the operator's booking for a patient and the
 * patient's direct booking and cancellation of one appointment.
 */
/** What every booking call changes: seats and booked states, the credit, the subscription's credit. */
const seatsAndCredit: readonly DataTag[] = ['TERMINPLAN', 'GUTHABEN', 'ABO'];

export const cartEndpoints = {
  anlegen: endpoint({
    method: 'POST',
    path: '/cart/create',
    summary:
      'Warenkorb anlegen: Plätze reservieren, Zahlungsart je Termin festlegen (FIRMA, REZEPT, ABO, GUTHABEN, KARTE), Guthaben abbuchen',
    tag,
    access: patient,
    changes: seatsAndCredit,
    requiresConsent: true,
    body: cartCreateBodySchema,
    response: cartSchema,
    errors,
  }),
  bestaetigen: endpoint({
    method: 'POST',
    path: '/cart/confirm/:cartId',
    summary: 'Warenkorb bestätigen: ohne Zahlbetrag sofort buchen, sonst die Zahlungsseite nennen',
    tag,
    access: patient,
    changes: seatsAndCredit,
    requiresConsent: true,
    params: cartIdParamSchema,
    response: cartSchema,
    errors,
  }),
  eigener: endpoint({
    method: 'GET',
    path: '/cart/get/:cartId',
    summary: 'Eigener Warenkorb mit Posten und Zahlungsstand',
    tag,
    access: patient,
    params: cartIdParamSchema,
    response: cartSchema,
    errors,
  }),
  // the patient's own open cart: shown again after a reload ("Offene Buchung"), so no seat or credit stays trapped
  offen: endpoint({
    method: 'GET',
    path: '/cart/patient/offen',
    summary: 'Die offene Buchung des Patienten (ein offener Warenkorb je Patient) oder null',
    tag,
    access: patient,
    response: cartSchema.nullable(),
    errors: [401, 403],
  }),
  zuruecksetzen: endpoint({
    method: 'GET',
    path: '/cart/patient/cancelPayment/:cartId',
    summary: 'Warenkorb zurücksetzen: Zahlung abbrechen, Plätze und Guthaben freigeben',
    tag,
    access: patient,
    changes: seatsAndCredit,
    params: cartIdParamSchema,
    response: cartSchema,
    errors,
  }),
  anlegenFuerPatient: endpoint({
    method: 'POST',
    path: '/cart/create/forpatient/:patientId',
    summary: 'Warenkorb für einen Patienten aus dessen Guthaben (fehlendes Guthaben: 409 mit KEIN_*_GUTHABEN)',
    tag,
    access: bookingOperator,
    changes: seatsAndCredit,
    patientRecord: {
      kind: 'TERMINE',
      action: 'SCHREIBEN',
      patientParam: 'patientId',
      operatorPrivileges: ['PATIENT_TERMINE_BUCHEN'],
    },
    params: cartPatientIdParamSchema,
    body: cartCreateBodySchema,
    response: cartSchema,
    errors,
  }),
  betreiberEiner: endpoint({
    method: 'GET',
    path: '/cart/get/betreiber/:cartId',
    summary: 'Ein Warenkorb (Betreiber)',
    tag,
    access: bookingOperator,
    patientRecord: {
      kind: 'TERMINE',
      action: 'LESEN',
      record: { kind: 'WARENKORB', param: 'cartId' },
      operatorPrivileges: ['PATIENT_TERMINE_BUCHEN'],
    },
    params: cartIdParamSchema,
    response: cartSchema,
    errors,
  }),
  betreiberBestaetigen: endpoint({
    method: 'POST',
    path: '/cart/betreiber/confirm/:cartId',
    summary: 'Warenkorb für einen Patienten bestätigen (bucht sofort)',
    tag,
    access: bookingOperator,
    changes: seatsAndCredit,
    patientRecord: {
      kind: 'TERMINE',
      action: 'SCHREIBEN',
      record: { kind: 'WARENKORB', param: 'cartId' },
      operatorPrivileges: ['PATIENT_TERMINE_BUCHEN'],
    },
    params: cartIdParamSchema,
    response: cartSchema,
    errors,
  }),
  betreiberZuruecksetzen: endpoint({
    method: 'GET',
    path: '/cart/betreiber/cancel/:cartId',
    summary: 'Warenkorb für einen Patienten zurücksetzen',
    tag,
    access: bookingOperator,
    changes: seatsAndCredit,
    patientRecord: {
      kind: 'TERMINE',
      action: 'SCHREIBEN',
      record: { kind: 'WARENKORB', param: 'cartId' },
      operatorPrivileges: ['PATIENT_TERMINE_BUCHEN'],
    },
    params: cartIdParamSchema,
    response: cartSchema,
    errors,
  }),
  anmelden: endpoint({
    method: 'GET',
    path: '/termin/patient/anmelden/:id',
    summary:
      'Einen Termin direkt buchen, wenn Firma, Rezept, Abo oder Guthaben ihn decken (sonst 409: Warenkorb mit Zahlung)',
    tag,
    access: patient,
    changes: seatsAndCredit,
    requiresConsent: true,
    params: terminIdParamSchema,
    response: cartSchema,
    errors,
  }),
  abmelden: endpoint({
    method: 'GET',
    path: '/termin/patient/abmelden/:id',
    summary: 'Eigene Buchung stornieren (bis 24 Stunden vor Beginn; Guthaben zurück, außer bei Firmenterminen)',
    tag,
    access: patient,
    changes: seatsAndCredit,
    params: terminIdParamSchema,
    response: abmeldenResponseSchema,
    errors,
  }),
};
