import { z } from 'zod';
import { endpoint, LOGIN, operator, roles } from './common/endpoint.ts';
import { idParam, MAX_LENGTH_MESSAGE, pflichtDatumRule } from './common/rules.ts';
import { formatEuroCents } from './common/money.ts';

/**
 * Subscriptions: packages (spec 1 section 3 "AboPaket", spec 3 "Subscription package admin"), a patient's
 * subscription (spec 1 sections 2.8, 3, 4) and the shop (spec 2 "Subscription shop").
 */

/** Subscription status (spec 1, section 4). */
export const ABO_STATUSES = [
  'INBUCHUNG',
  'INBEZAHLUNG',
  'AKTIV',
  'CANCELED',
  'REFUNDED',
  'WARTE_AUF_ABOZAHLUNG',
  'UNBEKANNT',
  'CANCELED_BETREIBER',
] as const;
export type AboStatus = (typeof ABO_STATUSES)[number];
export const aboStatusSchema = z.enum(ABO_STATUSES);

/** The statuses of a subscription that has not ended; a patient has at most one. */
export const LAUFENDE_ABO_STATUSES = [
  'INBUCHUNG',
  'INBEZAHLUNG',
  'AKTIV',
  'WARTE_AUF_ABOZAHLUNG',
] as const satisfies readonly AboStatus[];

/**
 * The statuses in which the contract runs: the patient holds HAT_ABO and may use the subscription. A due renewal
 * payment (WARTE_AUF_ABOZAHLUNG) does not take access away during its grace period (docs/decisions.md).
 */
export const AKTIVE_ABO_STATUSES = ['AKTIV', 'WARTE_AUF_ABOZAHLUNG'] as const satisfies readonly AboStatus[];

/** Detailed-status labels (spec 1, section 4): everything else is "Unbekannt". */
export function detailedStatusLabel(status: AboStatus): string {
  switch (status) {
    case 'INBUCHUNG':
      return 'Im Buchungsprozess';
    case 'INBEZAHLUNG':
      return 'Im Bezahlvorgang';
    case 'AKTIV':
      return 'Aktiv';
    case 'WARTE_AUF_ABOZAHLUNG':
      return 'Abo-Zahlung erwartet';
    default:
      return 'Unbekannt';
  }
}

/** End-reason labels (spec 1, section 4). */
export function endeGrundLabel(abo: {
  kuendigungVorgemerkt: boolean;
  kuendigungBetreiberVorgemerkt: boolean;
  widerrufen: boolean;
}): string {
  if (abo.kuendigungBetreiberVorgemerkt) return 'Gekündigt durch DiHS';
  if (abo.kuendigungVorgemerkt) return 'Gekündigt';
  if (abo.widerrufen) return 'Widerrufen';
  return 'Unbekannt';
}

/** Days a due renewal payment may stay open before the subscription ends (docs/decisions.md). */
export const ABO_ZAHLUNGSFRIST_TAGE = 14;

export const ABO_PAKET_LIMITS = {
  title: 30,
  /** Upper bounds the spec leaves open, so a typo cannot create a package worth millions. */
  anzahl: 999,
  monate: 120,
  kostenCent: 100_000_000,
} as const;

/** Defaults of a new package (spec 3, section 3). */
export const ABO_PAKET_DEFAULTS = {
  title: '',
  trainingsplaene: 1,
  befundtermine: 1,
  einzelTermineProQuartal: 0,
  gruppenTermineProQuartal: 0,
  laufzeitMonate: 12,
  buchungMonate: 3,
  kuendigungsfristMonate: 3,
  kostenProQuartalCent: 0,
  aktiv: false,
  buchbar: false,
} as const;

export const ABO_TEXTS = {
  // spec 3, section 5
  titelLeer: 'Der Titel darf nicht leer sein.',
  anzahlLeer: 'Die Anzahl darf nicht leer sein.',
  teilbar: 'Das Buchungsinterval muss durch die Laufzeit teilbar sein sein',
  // spec 1, section 8
  kuendigenFehler: 'Fehler beim Kündigen des Abos',
  widerrufenFehler: 'Fehler beim Widerrufen der Kündigung',
  gekuendigtTitel: 'Abo gekündigt',
  gekuendigtText: (datum: string) => `Das Abo wurde zum ${datum} gekündigt.`,
  widerrufenTitel: 'Kündigung widerrufen',
  widerrufenText: 'Die Kündigung wurde widerrufen.',
  beendenOhneDatum: 'Beenden nicht möglich. Bitte wählen Sie ein Vertragsende.',
  // spec 2, section 8
  buchungFehler: 'Fehler bei der Buchung',
  // our own answers
  ganzeZahl: 'Bitte eine ganze Zahl eingeben.',
  zuGross: (max: number) => `Der Wert darf höchstens ${max} sein.`,
  paketNichtGefunden: 'Das Abopaket wurde nicht gefunden.',
  paketNichtBuchbar: 'Dieses Abopaket kann nicht gebucht werden.',
  paketNichtAktiv: 'Nur aktive Abopakete können zugewiesen werden.',
  aboNichtGefunden: 'Das Abo wurde nicht gefunden.',
  keinAbo: 'Es besteht kein Abo.',
  bereitsAbo: 'Es besteht bereits ein Abo.',
  patientNichtGefunden: 'Der Patient wurde nicht gefunden.',
  keineZahlungOffen: 'Für Ihr Abo ist keine Zahlung offen.',
  firmenaboKuendigen: 'Ein Firmenabo wird durch den Betreiber beendet. Bitte wenden Sie sich an uns.',
  bereitsGekuendigt: 'Für dieses Abo ist das Vertragsende bereits festgelegt.',
  keineKuendigung: 'Für dieses Abo ist keine Kündigung vorgemerkt, die Sie widerrufen können.',
  vertragsendeVorbei: 'Das Vertragsende ist bereits erreicht.',
  keinBezahlabo: 'Der Patient hat kein bezahltes Abo.',
  keinFirmenabo: 'Der Patient hat kein Firmenabo.',
  nochNichtAktiv: 'Das Abo ist noch nicht aktiv und kann nur sofort beendet werden.',
  keineBestaetigung: 'Es liegt keine Abobestätigung vor.',
  keineKuendigungsbestaetigung: 'Es liegt keine Kündigung vor.',
  datumUngueltig: 'Das Datum ist ungültig.',
} as const;

/** Package labels abbreviate the counts (spec 1 section 2.8; docs/decisions.md). */
export const ABO_ABKUERZUNGEN = {
  ET: 'Einzeltermine je Buchungsintervall',
  GT: 'Gruppentermine je Buchungsintervall',
  TP: 'Trainingspläne je Buchungsintervall',
  BT: 'Befundtermine je Buchungsintervall',
  LZ: 'Laufzeit in Monaten',
  KF: 'Kündigungsfrist in Monaten',
  BR: 'Buchungsrhythmus in Monaten',
} as const;

/** A count: a whole number of at least 0 (spec 3, section 5). */
const anzahl = (max: number) =>
  z
    .number({ message: ABO_TEXTS.anzahlLeer })
    .int(ABO_TEXTS.ganzeZahl)
    .min(0, ABO_TEXTS.anzahlLeer)
    .max(max, ABO_TEXTS.zuGross(max));

/** The fields of a package without its id. */
const aboPaketFieldsObject = z.object({
  title: z
    .string({ message: ABO_TEXTS.titelLeer })
    .trim()
    .min(1, ABO_TEXTS.titelLeer)
    .max(ABO_PAKET_LIMITS.title, MAX_LENGTH_MESSAGE),
  trainingsplaene: anzahl(ABO_PAKET_LIMITS.anzahl),
  befundtermine: anzahl(ABO_PAKET_LIMITS.anzahl),
  einzelTermineProQuartal: anzahl(ABO_PAKET_LIMITS.anzahl),
  gruppenTermineProQuartal: anzahl(ABO_PAKET_LIMITS.anzahl),
  laufzeitMonate: anzahl(ABO_PAKET_LIMITS.monate),
  buchungMonate: anzahl(ABO_PAKET_LIMITS.monate),
  /** Gross price (VAT included) charged per booking interval, in cents. */
  kostenProQuartalCent: anzahl(ABO_PAKET_LIMITS.kostenCent),
  kuendigungsfristMonate: anzahl(ABO_PAKET_LIMITS.monate),
  aktiv: z.boolean({ message: 'aktiv muss wahr oder falsch sein.' }),
  buchbar: z.boolean({ message: 'buchbar muss wahr oder falsch sein.' }),
});

/**
 * The term must be a whole number of booking intervals, both at least one month: a 12-month term is booked every
 * 1, 2, 3, 4, 6 or 12 months (spec 3 section 5's message, the reading in docs/decisions.md).
 */
export const intervallTeiltLaufzeit = (laufzeitMonate: number, buchungMonate: number): boolean =>
  laufzeitMonate > 0 && buchungMonate > 0 && laufzeitMonate % buchungMonate === 0;

const teilbar = <T extends { laufzeitMonate: number; buchungMonate: number }>(value: T, ctx: z.RefinementCtx): void => {
  if (!intervallTeiltLaufzeit(value.laufzeitMonate, value.buchungMonate)) {
    ctx.addIssue({ code: 'custom', message: ABO_TEXTS.teilbar, path: ['buchungMonate'] });
  }
};

/** POST /abo/betreiber/pakete/add. */
export const aboPaketFieldsSchema = aboPaketFieldsObject.strict().superRefine(teilbar);
export type AboPaketFields = z.infer<typeof aboPaketFieldsSchema>;

const aboPaketIdSchema = z.number({ message: 'Ungültige Abopaket-ID.' }).int().positive('Ungültige Abopaket-ID.');

/** POST /abo/betreiber/pakete/change: the package with its id. */
export const aboPaketChangeBodySchema = aboPaketFieldsObject
  .extend({ aboPaketId: aboPaketIdSchema })
  .strict()
  .superRefine(teilbar);

/** A package as the API answers it. */
export const aboPaketSchema = z.object({
  aboPaketId: z.number().int(),
  title: z.string(),
  trainingsplaene: z.number().int(),
  befundtermine: z.number().int(),
  einzelTermineProQuartal: z.number().int(),
  gruppenTermineProQuartal: z.number().int(),
  laufzeitMonate: z.number().int(),
  buchungMonate: z.number().int(),
  kostenProQuartalCent: z.number().int(),
  kuendigungsfristMonate: z.number().int(),
  aktiv: z.boolean(),
  buchbar: z.boolean(),
});
export type AboPaket = z.infer<typeof aboPaketSchema>;
export const aboPaketListSchema = z.array(aboPaketSchema);

/** "ET 2 · GT 0 · TP 1 · BT 1 · LZ 12 · KF 3 · BR 3" (spec 1 section 2.8). */
export function paketKennzahlen(
  paket: Pick<
    AboPaket,
    | 'einzelTermineProQuartal'
    | 'gruppenTermineProQuartal'
    | 'trainingsplaene'
    | 'befundtermine'
    | 'laufzeitMonate'
    | 'kuendigungsfristMonate'
    | 'buchungMonate'
  >,
): string {
  return [
    `ET ${paket.einzelTermineProQuartal}`,
    `GT ${paket.gruppenTermineProQuartal}`,
    `TP ${paket.trainingsplaene}`,
    `BT ${paket.befundtermine}`,
    `LZ ${paket.laufzeitMonate}`,
    `KF ${paket.kuendigungsfristMonate}`,
    `BR ${paket.buchungMonate}`,
  ].join(' · ');
}

const anzahlText = (n: number, eins: string, mehr: string) => `${n} ${n === 1 ? eins : mehr}`;

/**
 * The package's figures in full words for the patient's own profile (issue 15: no abbreviations a patient must decode):
 * "2 Einzeltermine, 2 Gruppentermine, 1 Trainingsplan, 1 Befundtermin je Buchungsintervall · Laufzeit 12 Monate · …".
 */
export function paketLeistungen(paket: Parameters<typeof paketKennzahlen>[0]): string {
  const monate = (n: number) => anzahlText(n, 'Monat', 'Monate');
  return [
    `${[
      anzahlText(paket.einzelTermineProQuartal, 'Einzeltermin', 'Einzeltermine'),
      anzahlText(paket.gruppenTermineProQuartal, 'Gruppentermin', 'Gruppentermine'),
      anzahlText(paket.trainingsplaene, 'Trainingsplan', 'Trainingspläne'),
      anzahlText(paket.befundtermine, 'Befundtermin', 'Befundtermine'),
    ].join(', ')} je Buchungsintervall`,
    `Laufzeit ${monate(paket.laufzeitMonate)}`,
    `Kündigungsfrist ${monate(paket.kuendigungsfristMonate)}`,
    `Buchungsrhythmus ${monate(paket.buchungMonate)}`,
  ].join(' · ');
}

/** The cost per booking interval (spec 1 section 2.8): "89,00 € / 3 Monate". */
export const paketPreis = (paket: Pick<AboPaket, 'kostenProQuartalCent' | 'buchungMonate'>): string =>
  `${formatEuroCents(paket.kostenProQuartalCent)} / ${paket.buchungMonate} ${paket.buchungMonate === 1 ? 'Monat' : 'Monate'}`;

/** The option label of a package: "Abo Basis – ET 2 · GT 2 · … – 89,00 € / 3 Monate". */
export const paketLabel = (paket: AboPaket): string =>
  `${paket.title} – ${paketKennzahlen(paket)} – ${paketPreis(paket)}`;

/** An ISO calendar date, "2026-11-21". */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A patient's subscription (spec 1 section 3 "Patient subscription", plus the dates the screen shows). */
export const aboSchema = z.object({
  id: z.number().int(),
  /** The package's terms as booked: a later change of the package does not change a running subscription. */
  aboPaket: aboPaketSchema,
  status: aboStatusSchema,
  /** The label of spec 1 section 4. */
  detailedStatus: z.string(),
  /** True: paid by the patient; false: a company subscription. */
  bezahlabo: z.boolean(),
  /** ISO timestamp of the booking or assignment. */
  buchungsdatum: z.string(),
  /** First day of the contract, once active. */
  beginn: isoDate.nullable(),
  /** Last day of the current term; it renews by another term unless an end date is set. */
  laufzeitEnde: isoDate.nullable(),
  /** Last day of the contract, once cancelled or ended. */
  vertragsendeDatum: isoDate.nullable(),
  /** The last day a cancellation reaches the end of the current term. */
  letztmoeglicherKuendigungsTag: isoDate.nullable(),
  /** Start of the next booking interval (its allowances are granted then; paid ones once paid). */
  naechsteAbrechnung: isoDate.nullable(),
  /** While a renewal payment is due: the day after which the subscription ends unpaid. */
  zahlungsfrist: isoDate.nullable(),
  kuendigungVorgemerkt: z.boolean(),
  kuendigungBetreiberVorgemerkt: z.boolean(),
  widerrufen: z.boolean(),
  /** End-reason label when an end date is set, else null. */
  endeGrund: z.string().nullable(),
});
export type Abo = z.infer<typeof aboSchema>;
/** GET /abo/patient/aktiv and /abo/betreiber/{patientId}/aktiv: the subscription that has not ended, or null. */
export const aktivesAboSchema = aboSchema.nullable();

/** Subscription notice (spec 1 section 3): shown as error alerts. */
export const aboHinweisSchema = z.object({ message: z.string() });
export const aboHinweisListSchema = z.array(aboHinweisSchema);

const positiveId = (label: string) => idParam(`Ungültige ${label}.`);

export const aboIdParamSchema = z.object({ aboId: positiveId('Abo-ID') });
export const aboPaketIdParamSchema = z.object({ id: positiveId('Abopaket-ID') });
export const aboPatientIdParamSchema = z.object({ patientId: positiveId('Patienten-ID') });
export const aboUserIdParamSchema = z.object({ userId: positiveId('Benutzer-ID') });

const patientIdBody = z
  .number({ message: 'Ungültige Patienten-ID.' })
  .int('Ungültige Patienten-ID.')
  .positive('Ungültige Patienten-ID.');

/** POST /abo/betreiber/abozuweisen. */
export const aboZuweisenBodySchema = z.object({ aboPaketId: aboPaketIdSchema, patientId: patientIdBody }).strict();

/** POST /abo/betreiber/abobeenden/bezahlabo: at once, or at the end of the current term. */
export const aboBeendenBezahlaboBodySchema = z
  .object({ sofort: z.boolean({ message: 'sofort muss wahr oder falsch sein.' }), patientId: patientIdBody })
  .strict();

/** A real calendar date "YYYY-MM-DD". */
export const isValidIsoDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** POST /abo/betreiber/abobeenden/firmenabo: the last day of the company subscription (required, spec 1 section 5). */
export const aboBeendenFirmenaboBodySchema = z
  .object({
    date: z
      .string({ message: 'Das Datum darf nicht leer sein.' })
      .pipe(pflichtDatumRule)
      .refine((value) => value === '' || isValidIsoDate(value), ABO_TEXTS.datumUngueltig),
    patientId: patientIdBody,
  })
  .strict();

/** GET /abo/patient/placeOrder/{id}: the payment address, or "" when nothing is to be paid (then to /profil). */
export const aboPlaceOrderResponseSchema = z.string();
/** GET /abo/patient/paymentLink: the payment address. */
export const aboPaymentLinkResponseSchema = z.string();
/** GET /abo/patient/cancel/{aboId}: the last day of the contract, "YYYY-MM-DD". */
export const aboCancelResponseSchema = isoDate;
/** GET /user/abo/{userId}/privileges: whether a subscription runs. */
export const aboPrivilegesResponseSchema = z.boolean();

const tag = 'Abo';
const errors = [400, 401, 403, 404] as const;
// packages and the subscriptions of others (docs/decisions.md)
const aboAdmin = operator('ABOPAKETE_VERWALTEN');
const patient = roles(['PATIENT']);

export const aboEndpoints = {
  pakete: endpoint({
    method: 'GET',
    path: '/abo/betreiber/pakete/all',
    summary: 'Alle Abopakete',
    tag,
    access: aboAdmin,
    response: aboPaketListSchema,
    errors,
  }),
  paketAnlegen: endpoint({
    method: 'POST',
    path: '/abo/betreiber/pakete/add',
    summary: 'Abopaket anlegen',
    tag,
    access: aboAdmin,
    body: aboPaketFieldsSchema,
    response: aboPaketSchema,
    errors,
  }),
  paketAendern: endpoint({
    method: 'POST',
    path: '/abo/betreiber/pakete/change',
    summary: 'Abopaket ändern (laufende Abos behalten ihre gebuchten Bedingungen)',
    tag,
    access: aboAdmin,
    body: aboPaketChangeBodySchema,
    response: aboPaketSchema,
    errors,
  }),
  standardPakete: endpoint({
    method: 'GET',
    path: '/abo/patient/getStandard',
    summary: 'Abopakete des Shops (aktiv und buchbar)',
    tag,
    access: patient,
    response: aboPaketListSchema,
    errors,
  }),
  bestellen: endpoint({
    method: 'GET',
    path: '/abo/patient/placeOrder/:id',
    summary: 'Abopaket buchen: Adresse der Bezahlseite, oder "" wenn nichts zu bezahlen ist',
    tag,
    access: patient,
    params: aboPaketIdParamSchema,
    response: aboPlaceOrderResponseSchema,
    errors,
  }),
  eigenesAbo: endpoint({
    method: 'GET',
    path: '/abo/patient/aktiv',
    summary: 'Das eigene laufende Abo oder null',
    tag,
    access: patient,
    response: aktivesAboSchema,
    errors,
  }),
  aboVonPatient: endpoint({
    method: 'GET',
    path: '/abo/betreiber/:patientId/aktiv',
    summary: 'Das laufende Abo eines Patienten oder null',
    tag,
    access: operator(),
    patientRecord: {
      kind: 'ABO',
      action: 'LESEN',
      patientParam: 'patientId',
      operatorPrivileges: ['ABOPAKETE_VERWALTEN', 'BENUTZER_VERWALTEN'],
    },
    params: aboPatientIdParamSchema,
    response: aktivesAboSchema,
    errors,
  }),
  zahlungsLink: endpoint({
    method: 'GET',
    path: '/abo/patient/paymentLink',
    summary: 'Adresse der Bezahlseite der fälligen Abo-Zahlung',
    tag,
    access: patient,
    response: aboPaymentLinkResponseSchema,
    errors,
  }),
  zahlungsHinweise: endpoint({
    method: 'GET',
    path: '/abo/patient/paymentNotice',
    summary: 'Hinweise zu Abo-Zahlungen',
    tag,
    access: patient,
    response: aboHinweisListSchema,
    errors,
  }),
  kuendigen: endpoint({
    method: 'GET',
    path: '/abo/patient/cancel/:aboId',
    summary: 'Eigenes Abo zum Ende der Laufzeit kündigen; Antwort: letzter Vertragstag',
    tag,
    access: patient,
    params: aboIdParamSchema,
    response: aboCancelResponseSchema,
    errors,
  }),
  kuendigungWiderrufen: endpoint({
    method: 'GET',
    path: '/abo/patient/reactivate/:aboId',
    summary: 'Kündigung des eigenen Abos widerrufen',
    tag,
    access: patient,
    params: aboIdParamSchema,
    response: aboSchema,
    errors,
  }),
  zuweisen: endpoint({
    method: 'POST',
    path: '/abo/betreiber/abozuweisen',
    summary: 'Einem Patienten ohne Abo ein aktives Paket zuweisen',
    tag,
    access: aboAdmin,
    patientRecord: {
      kind: 'ABO',
      action: 'SCHREIBEN',
      patientBody: 'patientId',
      operatorPrivileges: ['ABOPAKETE_VERWALTEN'],
    },
    body: aboZuweisenBodySchema,
    response: aboSchema,
    errors,
  }),
  bezahlaboBeenden: endpoint({
    method: 'POST',
    path: '/abo/betreiber/abobeenden/bezahlabo',
    summary: 'Bezahlabo sofort oder zum Ende der Laufzeit beenden',
    tag,
    access: aboAdmin,
    patientRecord: {
      kind: 'ABO',
      action: 'SCHREIBEN',
      patientBody: 'patientId',
      operatorPrivileges: ['ABOPAKETE_VERWALTEN'],
    },
    body: aboBeendenBezahlaboBodySchema,
    response: aboSchema,
    errors,
  }),
  firmenaboBeenden: endpoint({
    method: 'POST',
    path: '/abo/betreiber/abobeenden/firmenabo',
    summary: 'Firmenabo zu einem Datum beenden (ein vergangenes Datum beendet es sofort)',
    tag,
    access: aboAdmin,
    patientRecord: {
      kind: 'ABO',
      action: 'SCHREIBEN',
      patientBody: 'patientId',
      operatorPrivileges: ['ABOPAKETE_VERWALTEN'],
    },
    body: aboBeendenFirmenaboBodySchema,
    response: aboSchema,
    errors,
  }),
  hatAbo: endpoint({
    method: 'GET',
    path: '/user/abo/:userId/privileges',
    summary: 'Ob ein Abo läuft (Patienten nur für sich selbst)',
    tag,
    access: LOGIN,
    reads: ['ABO'],
    patientRecord: {
      kind: 'ABO',
      action: 'LESEN',
      patientParam: 'userId',
      operatorPrivileges: ['ABOPAKETE_VERWALTEN', 'BENUTZER_VERWALTEN', 'TERMINE_EDITIEREN', 'PATIENT_TERMINE_BUCHEN'],
    },
    params: aboUserIdParamSchema,
    response: aboPrivilegesResponseSchema,
    errors,
  }),
  bestaetigungPdf: endpoint({
    method: 'GET',
    path: '/pdf/abobestaetigung',
    summary: 'Abobestätigung als PDF',
    tag,
    access: patient,
    responseFormat: 'file',
    fileType: 'application/pdf',
    errors,
  }),
  kuendigungsbestaetigungPdf: endpoint({
    method: 'GET',
    path: '/pdf/abokuendigungsbestaetigung',
    summary: 'Abokündigungsbestätigung als PDF',
    tag,
    access: patient,
    responseFormat: 'file',
    fileType: 'application/pdf',
    errors,
  }),
};
