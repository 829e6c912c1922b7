import { z } from 'zod';
import { dayQueryField, idField, idParam, MAX_ID, pageQueryFields, wholeNumberField } from './common/rules.ts';
import { isIsoDay } from './common/time.ts';
import { endpoint, operator, roles } from './common/endpoint.ts';

/** Appointments (spec 2 sections 2-9): Termin, Teilnehmer, the operator form and the list queries. */

export const TERMINTYPEN = ['EINZEL', 'GRUPPE', 'TELEFON', 'ANAMNESE', 'BEFUND'] as const;
export type Termintyp = (typeof TERMINTYPEN)[number];

/**
 * The one name of each type, in lists, cards, filters, credit chips, mails and PDFs alike. Spec 1/2 section 9 say
 * "Video /Einzel", "Video /Gruppe", "Telefon", … and the filters "Einzeltermin", …; issue 32 asks for one word per
 * meaning: "Video-Einzeltermin", "Video-Gruppentermin" and the filters' "…termin" for the others.
 */
export const TERMINTYP_LABELS: Record<Termintyp, string> = {
  EINZEL: 'Video-Einzeltermin',
  GRUPPE: 'Video-Gruppentermin',
  TELEFON: 'Telefontermin',
  ANAMNESE: 'Anamnesetermin',
  BEFUND: 'Befundtermin',
};

export const TERMIN_STATUSES = ['PLANUNG', 'AKTIV', 'ABGESAGT'] as const;
export type TerminStatus = (typeof TERMIN_STATUSES)[number];

export const TEILNAHME_STATUSES = ['RESERVIERT', 'GEBUCHT', 'STORNIERT'] as const;
export type TeilnahmeStatus = (typeof TEILNAHME_STATUSES)[number];

/** How a seat is paid, in the fixed order the cart decides it (spec 2 issue 5 "Booking"). */
export const ZAHLUNGSARTEN = ['FIRMA', 'REZEPT', 'ABO', 'GUTHABEN', 'KARTE'] as const;
export type Zahlungsart = (typeof ZAHLUNGSARTEN)[number];

/** Business constants of spec 2 section 9. */
export const TERMIN_LIMITS = {
  befund: 30,
  details: 999,
  /** Decided (bounds not shown in the spec): a session lasts 5 minutes to 8 hours. */
  dauerMin: 5,
  dauerMax: 480,
  /** Decided: a group holds at most 100 people. */
  maxTeilnehmerMax: 100,
  /** Decided: one list page holds at most 200 rows. */
  pageSizeMax: 200,
} as const;

export const TERMIN_MESSAGES = {
  befundLeer: 'Der Befund darf nicht leer sein.',
  detailsLeer: 'Die Details dürfen nicht leer sein.',
  terminartLeer: 'Die Terminart darf nicht leer sein.',
  therapeutLeer: 'Es muss ein Therapeut gewählt werden.',
  datumLeer: 'Das Datum darf nicht leer sein.',
  uhrzeitLeer: 'Die Uhrzeit darf nicht leer sein.',
  dauerLeer: 'Die Dauer darf nicht leer sein.',
  maxTeilnehmerLeer: 'Die max. Teilnehmerzahl darf nicht leer sein.',
  maxLaenge: 'Maximale Länge beachten',
  datumFormat: 'Das Datum ist ungültig (TT.MM.JJJJ).',
  uhrzeitFormat: 'Die Uhrzeit ist ungültig (HH:MM, 24 Stunden).',
  dauerBereich: `Die Dauer muss zwischen ${TERMIN_LIMITS.dauerMin} und ${TERMIN_LIMITS.dauerMax} Minuten liegen.`,
  maxTeilnehmerBereich: `Die max. Teilnehmerzahl muss zwischen 1 und ${TERMIN_LIMITS.maxTeilnehmerMax} liegen.`,
  einzelNurEiner: 'Ein Einzeltermin hat genau einen Teilnehmer.',
  everyoneViewNurGruppe: 'Jeder sieht jeden gibt es nur für Gruppentermine.',
  unbekannt: 'Unbekannter Termin.',
  ungueltigeId: 'Ungültige Termin-ID.',
  absagenTitel: 'Termin kann nicht abgesagt werden',
  absagenVergangenheit: 'Der ausgewählte Termin liegt in der Vergangenheit',
  absagenNurAktiv: 'Nur aktive Termine können abgesagt werden.',
  aktivierenNurPlanung: 'Nur Termine in Planung können aktiviert werden.',
  abgesagtAenderung: 'Ein abgesagter Termin kann nicht geändert werden.',
  maxUnterAnzahl: 'Die max. Teilnehmerzahl liegt unter der Zahl der Angemeldeten.',
  voll: 'Der Termin ist bereits ausgebucht.',
  nichtBuchbar: 'Der Termin kann nicht gebucht werden.',
  vergangen: 'Der Termin liegt in der Vergangenheit.',
  doppelt: 'Sie sind für diesen Termin bereits angemeldet.',
  nichtStattgefunden: 'Der Termin hat noch nicht stattgefunden',
  teilnahmeNichtBestaetigt: 'Ihre Teilnahme am Termin wurde noch nicht bestätigt',
  teilnahmeBestaetigungTitel: 'Die Teilnahmebestätigung konnte nicht erstellt werden',
  keinTeilnehmer: 'Der Patient ist nicht für diesen Termin angemeldet.',
  keineBuchung: 'Keine Buchung für diesen Termin.',
  datumsbereich: 'Das Enddatum liegt vor dem Startdatum.',
  typLeer: 'Mindestens eine Terminart muss gewählt sein.',
} as const;

export const terminIdParamSchema = z.object({ id: idParam(TERMIN_MESSAGES.ungueltigeId) });
export const terminIdAsTerminIdParamSchema = z.object({ terminId: idParam(TERMIN_MESSAGES.ungueltigeId) });
export const terminPatientIdParamSchema = z.object({ patientId: idParam('Ungültige Patienten-ID.') });
export const terminStatusParamSchema = z.object({
  status: z.enum(TERMIN_STATUSES, { message: 'Unbekannter Terminstatus.' }),
});

/** Teilnehmer (spec 2 section 3). patientId is the patient's user id (as everywhere on this platform). */
export const teilnehmerSchema = z.object({
  patientId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  teilgenommen: z.boolean(),
});
export type Teilnehmer = z.infer<typeof teilnehmerSchema>;

export const terminTherapeutSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  vorname: z.string(),
  nachname: z.string(),
});

/** Termin (spec 2 section 3). datum is a UTC ISO instant; the per-patient flags are false where not applicable. */
export const terminSchema = z.object({
  id: z.number().int(),
  datum: z.string(),
  dauer: z.number().int(),
  termintyp: z.enum(TERMINTYPEN),
  befund: z.string(),
  details: z.string(),
  therapeut: terminTherapeutSchema,
  therapeutId: z.number().int(),
  maxTeilnehmer: z.number().int(),
  anzahlTeilnehmer: z.number().int(),
  angemeldet: z.boolean(),
  bezahlt: z.boolean(),
  teilgenommen: z.boolean(),
  beendet: z.boolean(),
  herausgeworfen: z.boolean(),
  zugeschlossen: z.boolean(),
  beigetreten: z.boolean(),
  istFirmentermin: z.boolean(),
  everyoneView: z.boolean(),
  firmaId: z.number().int().nullable(),
  status: z.enum(TERMIN_STATUSES),
  teilnehmerList: z.array(teilnehmerSchema),
});
export type Termin = z.infer<typeof terminSchema>;

/**
 * A page of a list: rows of the page plus the count of the filter. The server counts at most 1,000 matches past
 * the page's start; when more match, `total` is that bound and `totalCapped` is true (a next page exists).
 */
export const terminPageSchema = z.object({
  items: z.array(terminSchema),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});
export type TerminPage = z.infer<typeof terminPageSchema>;

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The operator form (spec 2 section 5). datum is the calendar day (YYYY-MM-DD) and uhrzeit the Berlin wall clock
 * time (HH:MM); the server turns both into one UTC instant. Numbers arrive as form text or numbers.
 */
export const terminFormSchema = z
  .object({
    id: z.number().int().positive().max(MAX_ID).nullable().optional(),
    befund: z
      .string({ message: TERMIN_MESSAGES.befundLeer })
      .trim()
      .min(1, TERMIN_MESSAGES.befundLeer)
      .max(TERMIN_LIMITS.befund, TERMIN_MESSAGES.maxLaenge),
    details: z
      .string({ message: TERMIN_MESSAGES.detailsLeer })
      .trim()
      .min(1, TERMIN_MESSAGES.detailsLeer)
      .max(TERMIN_LIMITS.details, TERMIN_MESSAGES.maxLaenge),
    termintyp: z.enum(TERMINTYPEN, { message: TERMIN_MESSAGES.terminartLeer }),
    everyoneView: z.boolean().default(false),
    firmaId: z.number().int().positive().max(MAX_ID).nullable().default(null),
    therapeutId: z
      .number({ message: TERMIN_MESSAGES.therapeutLeer })
      .int(TERMIN_MESSAGES.therapeutLeer)
      .positive(TERMIN_MESSAGES.therapeutLeer)
      .max(MAX_ID, TERMIN_MESSAGES.therapeutLeer),
    datum: z
      .string({ message: TERMIN_MESSAGES.datumLeer })
      .min(1, TERMIN_MESSAGES.datumLeer)
      .refine(isIsoDay, TERMIN_MESSAGES.datumFormat),
    uhrzeit: z
      .string({ message: TERMIN_MESSAGES.uhrzeitLeer })
      .min(1, TERMIN_MESSAGES.uhrzeitLeer)
      .regex(TIME_RE, TERMIN_MESSAGES.uhrzeitFormat),
    // the form sends its fields' text; a JSON true or null is no count (it was once stored as 1 and 0)
    maxTeilnehmer: wholeNumberField(
      TERMIN_MESSAGES.maxTeilnehmerLeer,
      TERMIN_MESSAGES.maxTeilnehmerBereich,
      z
        .number()
        .int(TERMIN_MESSAGES.maxTeilnehmerBereich)
        .min(1, TERMIN_MESSAGES.maxTeilnehmerBereich)
        .max(TERMIN_LIMITS.maxTeilnehmerMax, TERMIN_MESSAGES.maxTeilnehmerBereich),
    ),
    dauer: wholeNumberField(
      TERMIN_MESSAGES.dauerLeer,
      TERMIN_MESSAGES.dauerBereich,
      z
        .number()
        .int(TERMIN_MESSAGES.dauerBereich)
        .min(TERMIN_LIMITS.dauerMin, TERMIN_MESSAGES.dauerBereich)
        .max(TERMIN_LIMITS.dauerMax, TERMIN_MESSAGES.dauerBereich),
    ),
  })
  .superRefine((form, ctx) => {
    if (form.termintyp === 'EINZEL' && form.maxTeilnehmer !== 1) {
      ctx.addIssue({ code: 'custom', path: ['maxTeilnehmer'], message: TERMIN_MESSAGES.einzelNurEiner });
    }
    if (form.termintyp !== 'GRUPPE' && form.everyoneView) {
      ctx.addIssue({ code: 'custom', path: ['everyoneView'], message: TERMIN_MESSAGES.everyoneViewNurGruppe });
    }
  });
export type TerminForm = z.input<typeof terminFormSchema>;
export type TerminFormParsed = z.output<typeof terminFormSchema>;

/** Query values arrive as text: "EINZEL,GRUPPE" or repeated keys. */
const typenQuery = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined ? [...TERMINTYPEN] : (Array.isArray(value) ? value : value.split(',')).filter(Boolean),
  )
  .pipe(z.array(z.enum(TERMINTYPEN, { message: 'Unbekannte Terminart.' })).min(1, TERMIN_MESSAGES.typLeer));
const dayQuery = dayQueryField();
const pageQuery = pageQueryFields(TERMIN_LIMITS.pageSizeMax, 50);
function checkRange(q: { von?: string | undefined; bis?: string | undefined }, ctx: z.RefinementCtx): void {
  if (q.von && q.bis && q.bis < q.von)
    ctx.addIssue({ code: 'custom', path: ['bis'], message: TERMIN_MESSAGES.datumsbereich });
}

/**
 * GET /termin/betreiber/all: types (default all), von/bis Berlin calendar days inclusive (one date = that day),
 * sorted by datum ascending, paged.
 */
export const terminBetreiberQuerySchema = z
  .object({ typen: typenQuery, von: dayQuery, bis: dayQuery, ...pageQuery })
  .superRefine(checkRange);
export type TerminBetreiberQuery = z.input<typeof terminBetreiberQuerySchema>;

export const TERMIN_FILTER_KINDS = ['frei', 'angemeldet', 'alle', 'url'] as const;
export type TerminFilterKind = (typeof TERMIN_FILTER_KINDS)[number];

/** GET /termin/patient/all (spec 2 "Patient appointment plan"); kind url needs id. */
export const terminPatientQuerySchema = z
  .object({
    ta: z.enum(TERMIN_FILTER_KINDS, { message: 'Unbekannter Filter.' }).default('frei'),
    id: idParam(TERMIN_MESSAGES.ungueltigeId).optional(),
    b: z.string().trim().max(TERMIN_LIMITS.befund, TERMIN_MESSAGES.maxLaenge).optional(),
    t: idParam('Ungültige Therapeuten-ID.').optional(),
    typen: typenQuery,
    von: dayQuery,
    bis: dayQuery,
    firma: z
      .enum(['true', 'false'], { message: 'Ungültiger Firmenfilter.' })
      .optional()
      .transform((v) => v === 'true'),
    ...pageQuery,
  })
  .superRefine((q, ctx) => {
    checkRange(q, ctx);
    if (q.ta === 'url' && q.id === undefined)
      ctx.addIssue({ code: 'custom', path: ['id'], message: TERMIN_MESSAGES.ungueltigeId });
  });
export type TerminPatientQuery = z.input<typeof terminPatientQuerySchema>;

/** POST /terminanmeldung/patient/teilgenommen/{terminId}: the operator's attendance checkbox. */
export const teilgenommenBodySchema = z.object({
  patientId: idField('Ungültige Patienten-ID.'),
  teilgenommen: z.boolean({ message: 'teilgenommen muss wahr oder falsch sein.' }),
});
export type TeilgenommenBody = z.infer<typeof teilgenommenBodySchema>;

/** POST /pdf/terminliste: the ids of the selected (or all filtered) appointments, in display order. */
export const terminlisteBodySchema = z.object({
  ids: z
    .array(idField(TERMIN_MESSAGES.ungueltigeId))
    .min(1, 'Keine Termine ausgewählt.')
    .max(TERMIN_LIMITS.pageSizeMax, `Höchstens ${TERMIN_LIMITS.pageSizeMax} Termine je Liste.`),
});
export type TerminlisteBody = z.infer<typeof terminlisteBodySchema>;

/** Answer of aktivieren / absagen: the status the server set (the screen shows it). */
export const terminStatusResponseSchema = z.object({ id: z.number().int(), status: z.enum(TERMIN_STATUSES) });

/** GET /termin/therapeut/all/{status}: the therapist's own appointments. */
export const terminListSchema = z.array(terminSchema);

const tag = 'Termine';
const errors = [400, 401, 403, 404, 409] as const;
const editor = operator('TERMINE_EDITIEREN');
const therapist = roles(['THERAPEUT']);
const patient = roles(['PATIENT']);
// the operator booking for a patient shows that patient's plan (spec 2 "Operator booking for a patient")
const planReader = operator('TERMINE_EDITIEREN', 'PATIENT_TERMINE_BUCHEN');

export const terminEndpoints = {
  betreiberAlle: endpoint({
    method: 'GET',
    path: '/termin/betreiber/all',
    summary: 'Alle Termine (Filter Terminarten und Zeitraum, nach Beginn sortiert, seitenweise)',
    tag,
    access: editor,
    patientList: { kind: 'TERMINE' },
    query: terminBetreiberQuerySchema,
    response: terminPageSchema,
    errors,
  }),
  planVonPatient: endpoint({
    method: 'GET',
    path: '/termin/betreiber/for/all/:patientId',
    summary: 'Terminplan eines Patienten (wie der Patient ihn sieht)',
    tag,
    access: planReader,
    reads: ['TERMINPLAN'],
    patientRecord: {
      kind: 'TERMINE',
      action: 'LESEN',
      patientParam: 'patientId',
      operatorPrivileges: ['TERMINE_EDITIEREN', 'PATIENT_TERMINE_BUCHEN'],
    },
    params: terminPatientIdParamSchema,
    query: terminPatientQuerySchema,
    response: terminPageSchema,
    errors,
  }),
  aktivieren: endpoint({
    method: 'GET',
    path: '/termin/betreiber/aktivieren/:id',
    summary: 'Termin aktivieren (PLANUNG → AKTIV)',
    tag,
    access: editor,
    params: terminIdParamSchema,
    response: terminStatusResponseSchema,
    errors,
  }),
  absagen: endpoint({
    method: 'GET',
    path: '/termin/betreiber/absagen/:id',
    summary: 'Termin absagen (AKTIV → ABGESAGT; Plätze frei, Guthaben zurück, Teilnehmer per E-Mail benachrichtigt)',
    tag,
    access: editor,
    params: terminIdParamSchema,
    response: terminStatusResponseSchema,
    errors,
  }),
  betreiberEiner: endpoint({
    method: 'GET',
    path: '/termin/betreiber/:id',
    summary: 'Ein Termin mit Teilnehmern',
    tag,
    access: editor,
    patientList: { kind: 'TERMINE' },
    params: terminIdParamSchema,
    response: terminSchema,
    errors,
  }),
  speichern: endpoint({
    method: 'POST',
    path: '/termin/betreiber/save',
    summary: 'Termin anlegen (ohne id, Status PLANUNG) oder ändern',
    tag,
    access: editor,
    patientList: { kind: 'TERMINE' },
    body: terminFormSchema,
    response: terminSchema,
    errors,
  }),
  teilgenommen: endpoint({
    method: 'POST',
    path: '/terminanmeldung/patient/teilgenommen/:terminId',
    summary: 'Teilnahme eines Patienten bestätigen oder zurücknehmen',
    tag,
    access: editor,
    // the patient in the body, the appointment (the audit log's record) in the path
    patientRecord: {
      kind: 'TERMINE',
      action: 'SCHREIBEN',
      patientBody: 'patientId',
      recordId: { param: 'terminId' },
      operatorPrivileges: ['TERMINE_EDITIEREN'],
    },
    params: terminIdAsTerminIdParamSchema,
    body: teilgenommenBodySchema,
    response: teilnehmerSchema,
    errors,
  }),
  therapeutAlle: endpoint({
    method: 'GET',
    path: '/termin/therapeut/all/:status',
    summary: 'Eigene Termine eines Status ab heute, mit Teilnehmern',
    tag,
    access: therapist,
    patientList: { kind: 'TERMINE' },
    params: terminStatusParamSchema,
    response: terminListSchema,
    errors,
  }),
  patientAlle: endpoint({
    method: 'GET',
    path: '/termin/patient/all',
    summary: 'Terminplan: buchbare, für die eigene Firma freigegebene Termine und eigene Buchungen',
    tag,
    access: patient,
    reads: ['TERMINPLAN'],
    query: terminPatientQuerySchema,
    response: terminPageSchema,
    errors,
  }),
  angemeldet: endpoint({
    method: 'GET',
    path: '/termin/patient/angemeldet',
    summary: 'Eigene gebuchte und reservierte Termine',
    tag,
    access: patient,
    response: terminListSchema,
    errors,
  }),
  terminlistePdf: endpoint({
    method: 'POST',
    path: '/pdf/terminliste',
    summary: 'Terminliste als PDF (ausgewählte oder gefilterte Termine, nach Beginn sortiert)',
    tag,
    access: patient,
    body: terminlisteBodySchema,
    responseFormat: 'file',
    fileType: 'application/pdf',
    errors,
  }),
  teilnahmePdf: endpoint({
    method: 'GET',
    path: '/pdf/teilnahmebestaetigung/:id',
    summary: 'Teilnahmebestätigung (nach Terminende, bei bestätigter Teilnahme)',
    tag,
    access: patient,
    params: terminIdParamSchema,
    responseFormat: 'file',
    fileType: 'application/pdf',
    errors,
  }),
  buchungPdf: endpoint({
    method: 'GET',
    path: '/pdf/terminbuchungsbestaetigung/:id',
    summary: 'Terminbuchungsbestätigung der eigenen Buchung',
    tag,
    access: patient,
    params: terminIdParamSchema,
    responseFormat: 'file',
    fileType: 'application/pdf',
    errors,
  }),
};
