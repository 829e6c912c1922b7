import { z } from 'zod';
import { endpoint, PUBLIC, roles } from './common/endpoint.ts';
import { idField, idParam, MAX_LENGTH_MESSAGE, wholeNumberField } from './common/rules.ts';
import { isVideoUrl, VIDEO_URL_MESSAGE } from './common/video-url.ts';

/**
 * Training: the exercise library, plan templates, a patient's training plan sets and, beyond the spec, the
 * patient's adherence (done per day, pain 0 to 10). Spec 3 "Training plans", "Exercise library", sections 3 to 9.
 */

export const TRAINING_LIMITS = {
  titel: 50,
  beschreibung: 999,
  videoUrl: 100,
  information: 999,
  befund: 100,
  /** Exercise list page size (spec 3 section 9). */
  seite: 50,
  /** GET /uebungen/sortiert/titel answers at most this many (the spec gives no bound; a library is curated). */
  sortiertMax: 1000,
  /** Upper bounds the spec leaves open (docs/decisions.md): a day in seconds, and counts a person can do. */
  sekunden: 86_400,
  anzahl: 9_999,
  saetze: 999,
  /** Entries per plan set or template: positions run from 1 to this. */
  eintraege: 200,
  /** Days the therapist's adherence summary looks back. */
  adherenzTage: 14,
  schmerzMax: 10,
} as const;

export const TRAINING_TEXTS = {
  // spec 3, section 5
  titelLeer: 'Der Titel darf nicht leer sein.',
  idListeUngueltig: 'Bitte Übungs-IDs durch Kommas getrennt angeben (zum Beispiel 3,7,12), höchstens 100 Zeichen.',
  beschreibungLeer: 'Die Beschreibung darf nicht leer sein.',
  videoUrlLeer: 'Die Video-Url darf nicht leer sein.',
  videoUrlUngueltig: VIDEO_URL_MESSAGE,
  // spec 3, sections 2 and 8
  nichtLoeschbarTitel: 'Übung kann nicht gelöscht werden',
  keinPlan: (name: string) => `Für ${name} ist noch kein Trainingsplan vorhanden`,
  /** What a therapist or operator reads on a patient's plan while the patient has no running subscription. */
  keinAbo: (name: string) => `${name} besitzt kein Abonnement`,
  entfernenFrage: 'Übung aus Trainingsplan entfernen?',
  leererPlan: 'Leerer Plan',
  // our own answers
  zahlLeer: (feld: string) => `${feld} darf nicht leer sein.`,
  ganzeZahl: (feld: string) => `${feld} muss eine ganze Zahl von 0 an sein.`,
  zuGross: (feld: string, max: number) => `${feld} darf höchstens ${max} sein.`,
  uebungInBenutzung: (plaene: number, vorlagen: number) =>
    `Die Übung wird noch in ${plaene} Trainingsplan-Einträgen und ${vorlagen} Vorlagen verwendet.`,
  uebungNichtGefunden: 'Die Übung wurde nicht gefunden.',
  vorlageNichtGefunden: 'Die Vorlage wurde nicht gefunden.',
  vorlageFremd: 'Diese Vorlage gehört einem anderen Therapeuten.',
  setNichtGefunden: 'Der Trainingsplan wurde nicht gefunden.',
  eintragNichtGefunden: 'Der Eintrag wurde nicht gefunden.',
  patientNichtGefunden: 'Der Patient wurde nicht gefunden.',
  positionUngueltig: (max: number) => `Die Position muss zwischen 1 und ${max} liegen.`,
  zuVieleEintraege: `Ein Trainingsplan hat höchstens ${200} Übungen.`,
  datumUngueltig: 'Bitte ein gültiges Datum mit Uhrzeit angeben.',
  schmerzUngueltig: 'Die Schmerzangabe muss zwischen 0 und 10 liegen.',
  nichtAktuell: 'Nur Übungen des aktuellen Trainingsplans können als erledigt markiert werden.',
  vorlageLeer: 'Die Bezeichnung darf nicht leer sein.',
  aboNoetig: 'Der Trainingsplan steht nur mit einem laufenden Abonnement zur Verfügung.',
  // the patient's own plan page without a running subscription: addressed to the patient, with the way to the shop
  keinAboEigen:
    'Sie haben derzeit kein laufendes Abonnement. Mit einem Abonnement sehen Sie hier Ihren Trainingsplan und können Ihre Übungen als erledigt markieren.',
  zumAboShop: 'Abo auswählen',
} as const;

const idMessage = (label: string) => `Ungültige ${label}.`;

/** A count field of a plan entry: a whole number from 0 (a form field may send its digits as text). */
const zahlFeld = (feld: string, max: number) =>
  wholeNumberField(
    TRAINING_TEXTS.zahlLeer(feld),
    TRAINING_TEXTS.ganzeZahl(feld),
    z
      .number()
      .int(TRAINING_TEXTS.ganzeZahl(feld))
      .min(0, TRAINING_TEXTS.ganzeZahl(feld))
      .max(max, TRAINING_TEXTS.zuGross(feld, max)),
  );

/** The video link of an exercise: required, max 100, a video hosting service (spec 3 section 5). */
export const uebungVideoUrlRule = z
  .string({ message: TRAINING_TEXTS.videoUrlLeer })
  .trim()
  .min(1, TRAINING_TEXTS.videoUrlLeer)
  .max(TRAINING_LIMITS.videoUrl, MAX_LENGTH_MESSAGE)
  .refine(isVideoUrl, VIDEO_URL_MESSAGE);

/** The editable fields of an exercise (spec 3 section 5). */
export const uebungFieldsSchema = z.object({
  titel: z
    .string({ message: TRAINING_TEXTS.titelLeer })
    .trim()
    .min(1, TRAINING_TEXTS.titelLeer)
    .max(TRAINING_LIMITS.titel, MAX_LENGTH_MESSAGE),
  beschreibung: z
    .string({ message: TRAINING_TEXTS.beschreibungLeer })
    .trim()
    .min(1, TRAINING_TEXTS.beschreibungLeer)
    .max(TRAINING_LIMITS.beschreibung, MAX_LENGTH_MESSAGE),
  videoUrl: uebungVideoUrlRule,
});
export type UebungFields = z.infer<typeof uebungFieldsSchema>;

/** POST /uebungen/save: id 0 creates (spec 3 section 4, "opens for new (id 0)"). */
export const uebungSaveBodySchema = uebungFieldsSchema
  .extend({
    id: z
      .number({ message: idMessage('Übungs-ID') })
      .int(idMessage('Übungs-ID'))
      .min(0, idMessage('Übungs-ID')),
  })
  .strict();

export const uebungSchema = z.object({
  id: z.number().int(),
  titel: z.string(),
  beschreibung: z.string(),
  videoUrl: z.string(),
  /** Our own copy of the host's thumbnail (null until the host answered): no third-party request to show it. */
  videoVorschauBildUrl: z.string().nullable(),
});
export type Uebung = z.infer<typeof uebungSchema>;

export const uebungListQuerySchema = z
  .object({
    titel: z.string().trim().max(TRAINING_LIMITS.titel, MAX_LENGTH_MESSAGE).optional(),
    seite: wholeNumberField(
      'Ungültige Seite.',
      'Ungültige Seite.',
      z.number().int().min(0, 'Ungültige Seite.').max(100_000, 'Ungültige Seite.'),
    ).optional(),
  })
  .strict();
export const uebungListSchema = z.object({ uebungen: z.array(uebungSchema), gesamt: z.number().int() });
export type UebungList = z.infer<typeof uebungListSchema>;

/** The fields a plan entry and a template exercise share (spec 3 section 3). */
export const eintragFieldsSchema = z.object({
  dauer: zahlFeld('Dauer', TRAINING_LIMITS.sekunden),
  anzahl: zahlFeld('Anzahl', TRAINING_LIMITS.anzahl),
  pause: zahlFeld('Pause', TRAINING_LIMITS.sekunden),
  /** Shown as "Sätze". */
  wiederholungen: zahlFeld('Sätze', TRAINING_LIMITS.saetze),
  information: z.string().max(TRAINING_LIMITS.information, MAX_LENGTH_MESSAGE).default(''),
});
export type EintragFields = z.infer<typeof eintragFieldsSchema>;

/** An exercise as a plan entry or template exercise shows it (enriched with the exercise's title and video). */
const eintragViewSchema = z.object({
  id: z.number().int(),
  uebungId: z.number().int(),
  position: z.number().int(),
  dauer: z.number().int(),
  anzahl: z.number().int(),
  pause: z.number().int(),
  wiederholungen: z.number().int(),
  information: z.string(),
  titel: z.string(),
  videoUrl: z.string(),
  videoVorschauBildUrl: z.string().nullable(),
});

/** The therapist's adherence figures of one entry over the last 14 days. */
export const adherenzSchema = z.object({
  tageErledigt: z.number().int(),
  /** Pain per day marked done, oldest first ("YYYY-MM-DD"). */
  schmerz: z.array(z.object({ tag: z.string(), wert: z.number().int().nullable() })),
});

export const planEintragSchema = eintragViewSchema.extend({
  setId: z.number().int(),
  patientId: z.number().int(),
  /** Therapist view only. */
  adherenz: adherenzSchema.optional(),
  /** Patient view only: done today, and the pain given. */
  heute: z.object({ erledigt: z.boolean(), schmerz: z.number().int().nullable() }).optional(),
});
export type PlanEintrag = z.infer<typeof planEintragSchema>;

export const vorlageUebungSchema = eintragViewSchema.extend({ vorlageId: z.number().int() });
export type VorlageUebung = z.infer<typeof vorlageUebungSchema>;

export const planSetSummarySchema = z.object({ id: z.number().int(), validFrom: z.string() });
export type PlanSetSummary = z.infer<typeof planSetSummarySchema>;

export const planSetSchema = planSetSummarySchema.extend({
  patientId: z.number().int(),
  planListe: z.array(planEintragSchema),
  /** Therapist view: days done of the days due in the last 14 days, in per cent; null before the first due day. */
  adherenzProzent: z.number().int().nullable().optional(),
});
export type PlanSet = z.infer<typeof planSetSchema>;

/** GET /trainingsplan/therapeut/list/{patientId}. */
export const planSetListSchema = z.object({
  patientName: z.string(),
  sets: z.array(planSetSummarySchema),
  /** The set the patient sees now (newest whose valid-from has passed), or null. */
  aktuellesSetId: z.number().int().nullable(),
  /** Whether the patient's subscription runs: without one the patient does not see the plan. */
  hatAbo: z.boolean(),
});
export type PlanSetList = z.infer<typeof planSetListSchema>;

/** GET /trainingsplan/my. */
export const meinPlanSchema = z.object({
  patientName: z.string(),
  hatAbo: z.boolean(),
  set: planSetSchema.nullable(),
});
export type MeinPlan = z.infer<typeof meinPlanSchema>;

export const vorlageSchema = z.object({ id: z.number().int(), befund: z.string() });
export type Vorlage = z.infer<typeof vorlageSchema>;

const befundRule = z
  .string({ message: TRAINING_TEXTS.vorlageLeer })
  .trim()
  .min(1, TRAINING_TEXTS.vorlageLeer)
  .max(TRAINING_LIMITS.befund, MAX_LENGTH_MESSAGE);

export const vorlageRenameBodySchema = z.object({ befund: befundRule }).strict();
export const idBodySchema = z.object({ id: idField(idMessage('ID')) }).strict();

export const vorlageUebungAddBodySchema = eintragFieldsSchema
  .extend({ vorlageId: idField(idMessage('Vorlagen-ID')), uebungId: idField(idMessage('Übungs-ID')) })
  .strict();
export const vorlageUebungUpdateBodySchema = eintragFieldsSchema
  .extend({ id: idField(idMessage('Eintrags-ID')) })
  .strict();

/** POST /trainingsplan/therapeut/save: id 0 (or absent) adds the exercise at the end of the set. */
export const planEintragSaveBodySchema = eintragFieldsSchema
  .extend({
    id: z
      .number({ message: idMessage('Eintrags-ID') })
      .int(idMessage('Eintrags-ID'))
      .min(0, idMessage('Eintrags-ID'))
      .default(0),
    setId: idField(idMessage('Plan-ID')),
    uebungId: idField(idMessage('Übungs-ID')),
  })
  .strict();
export type PlanEintragSaveBody = z.infer<typeof planEintragSaveBodySchema>;

/** 'YYYY-MM-DDTHH:MM:00.000Z' as the spec writes the valid-from back (section 9); any ISO instant is read. */
const instantRule = z
  .string({ message: TRAINING_TEXTS.datumUngueltig })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, TRAINING_TEXTS.datumUngueltig)
  .refine((value) => {
    const ms = Date.parse(value);
    return Number.isFinite(ms) && new Date(ms).getUTCFullYear() >= 2000 && new Date(ms).getUTCFullYear() <= 2100;
  }, TRAINING_TEXTS.datumUngueltig);

export const changeDateBodySchema = z.object({ setId: idField(idMessage('Plan-ID')), validFrom: instantRule }).strict();
export const withVorlageBodySchema = z.object({ patientId: idField(idMessage('Patienten-ID')) }).strict();

export const erledigtBodySchema = z
  .object({
    eintragId: idField(idMessage('Eintrags-ID')),
    erledigt: z.boolean({ message: 'erledigt muss wahr oder falsch sein.' }),
    schmerz: z
      .number({ message: TRAINING_TEXTS.schmerzUngueltig })
      .int(TRAINING_TEXTS.schmerzUngueltig)
      .min(0, TRAINING_TEXTS.schmerzUngueltig)
      .max(TRAINING_LIMITS.schmerzMax, TRAINING_TEXTS.schmerzUngueltig)
      .nullable()
      .default(null),
  })
  .strict();

const idParams = <K extends string>(key: K, label: string) =>
  z.object({ [key]: idParam(idMessage(label)) } as { [P in K]: ReturnType<typeof idParam> });

/**
 * GET /uebungen/ids/{ids}: a comma list of exercise ids (spec 3 section 7), each answered once. A path parameter is
 * at most 100 characters (the router's limit, which answers longer ones itself), so the list is bounded by that.
 */
export const uebungIdsParamsSchema = z.object({
  ids: z
    .string()
    .max(100, TRAINING_TEXTS.idListeUngueltig)
    .regex(/^[1-9]\d{0,8}(,[1-9]\d{0,8})*$/, TRAINING_TEXTS.idListeUngueltig)
    .transform((value) => [...new Set(value.split(',').map(Number))]),
});

export const positionParamsSchema = z.object({
  a: idParam(idMessage('Eintrags-ID')),
  b: idParam(TRAINING_TEXTS.positionUngueltig(TRAINING_LIMITS.eintraege)),
});

const tag = 'Training';
const errors = [400, 401, 403, 404] as const;
/** Exercise management (spec 3 section 6). */
const uebungenVerwalten = {
  kind: 'login',
  anyPrivilege: ['UEBUNGEN_VERWALTEN_THERAPEUT', 'UEBUNGEN_VERWALTEN'],
} as const;
const planEditor = roles(['THERAPEUT', 'BETREIBER']);
const vorlagenVerwalten = roles(['THERAPEUT'], ['TRAININGSPLAN_VORLAGEN_VERWALTEN']);
/** Operators reach a patient's plan only with the exercise privilege (docs/decisions.md). */
const operatorPrivileges = ['UEBUNGEN_VERWALTEN'] as const;

export const trainingEndpoints = {
  uebungen: endpoint({
    method: 'GET',
    path: '/uebungen',
    summary: 'Übungen nach Titel, gefiltert und in Seiten zu 50',
    tag,
    access: planEditor,
    query: uebungListQuerySchema,
    response: uebungListSchema,
    errors,
  }),
  uebung: endpoint({
    method: 'GET',
    path: '/uebungen/:id',
    summary: 'Eine Übung',
    tag,
    access: planEditor,
    params: idParams('id', 'Übungs-ID'),
    response: uebungSchema,
    errors,
  }),
  uebungenSortiert: endpoint({
    method: 'GET',
    path: '/uebungen/sortiert/titel',
    summary: `Alle Übungen nach Titel (höchstens ${TRAINING_LIMITS.sortiertMax})`,
    tag,
    access: planEditor,
    response: z.array(uebungSchema),
    errors,
  }),
  uebungenNachIds: endpoint({
    method: 'GET',
    path: '/uebungen/ids/:ids',
    summary: 'Übungen nach IDs (Kommaliste, höchstens 100 Zeichen), in der Reihenfolge der Liste; unbekannte fehlen',
    tag,
    access: planEditor,
    params: uebungIdsParamsSchema,
    response: z.array(uebungSchema),
    errors,
  }),
  uebungVorschau: endpoint({
    method: 'GET',
    path: '/uebungen/:id/vorschau',
    summary: 'Unsere Kopie des Vorschaubilds einer Übung (kein Abruf beim Videodienst im Browser)',
    tag,
    access: PUBLIC,
    params: idParams('id', 'Übungs-ID'),
    responseFormat: 'file',
    fileType: 'image/jpeg',
    errors: [400, 404],
  }),
  uebungSpeichern: endpoint({
    method: 'POST',
    path: '/uebungen/save',
    summary: 'Übung anlegen (id 0) oder ändern',
    tag,
    access: uebungenVerwalten,
    body: uebungSaveBodySchema,
    response: uebungSchema,
    errors,
  }),
  uebungLoeschen: endpoint({
    method: 'DELETE',
    path: '/uebungen/betreiber/:id',
    summary: 'Übung löschen (nicht, solange ein Plan oder eine Vorlage sie verwendet: 409)',
    tag,
    access: uebungenVerwalten,
    params: idParams('id', 'Übungs-ID'),
    response: z.object({ id: z.number().int() }),
    errors: [...errors, 409],
  }),

  vorlagen: endpoint({
    method: 'GET',
    path: '/trainingsplan/vorlagen/all',
    summary: 'Die eigenen Vorlagen',
    tag,
    access: vorlagenVerwalten,
    response: z.array(vorlageSchema),
    errors,
  }),
  vorlagenAuswahl: endpoint({
    method: 'GET',
    path: '/trainingsplan/vorlagen/auswahl',
    summary: 'Alle Vorlagen mit Übungen, zur Auswahl beim neuen Trainingsplan',
    tag,
    access: planEditor,
    response: z.array(vorlageSchema),
    errors,
  }),
  vorlageUebungen: endpoint({
    method: 'GET',
    path: '/trainingsplan/vorlagen/uebungen/:vorlageId',
    summary: 'Die Übungen einer eigenen Vorlage',
    tag,
    access: vorlagenVerwalten,
    params: idParams('vorlageId', 'Vorlagen-ID'),
    response: z.array(vorlageUebungSchema),
    errors,
  }),
  vorlageNeu: endpoint({
    method: 'POST',
    path: '/trainingsplan/vorlagen/new',
    summary: 'Neue Vorlage anlegen',
    tag,
    access: vorlagenVerwalten,
    response: vorlageSchema,
    errors,
  }),
  vorlageUmbenennen: endpoint({
    method: 'POST',
    path: '/trainingsplan/vorlagen/rename/:id',
    summary: 'Vorlage umbenennen',
    tag,
    access: vorlagenVerwalten,
    params: idParams('id', 'Vorlagen-ID'),
    body: vorlageRenameBodySchema,
    response: vorlageSchema,
    errors,
  }),
  vorlageLoeschen: endpoint({
    method: 'POST',
    path: '/trainingsplan/vorlagen/delete',
    summary: 'Vorlage löschen',
    tag,
    access: vorlagenVerwalten,
    body: idBodySchema,
    response: z.object({ id: z.number().int() }),
    errors,
  }),
  vorlageUebungHinzufuegen: endpoint({
    method: 'POST',
    path: '/trainingsplan/vorlagen/uebungen/add',
    summary: 'Übung zur Vorlage hinzufügen (am Ende)',
    tag,
    access: vorlagenVerwalten,
    body: vorlageUebungAddBodySchema,
    response: vorlageUebungSchema,
    errors,
  }),
  vorlageUebungAendern: endpoint({
    method: 'POST',
    path: '/trainingsplan/vorlagen/uebungen/update',
    summary: 'Übung einer Vorlage ändern',
    tag,
    access: vorlagenVerwalten,
    body: vorlageUebungUpdateBodySchema,
    response: vorlageUebungSchema,
    errors,
  }),
  vorlageUebungEntfernen: endpoint({
    method: 'POST',
    path: '/trainingsplan/vorlagen/uebungen/delete',
    summary: 'Übung aus der Vorlage entfernen',
    tag,
    access: vorlagenVerwalten,
    body: idBodySchema,
    response: z.object({ id: z.number().int() }),
    errors,
  }),

  meinPlan: endpoint({
    method: 'GET',
    path: '/trainingsplan/my',
    summary: 'Der aktuelle eigene Trainingsplan (mit Abo)',
    tag,
    access: roles(['PATIENT']),
    patientRecord: { kind: 'TRAINING', action: 'LESEN', self: true },
    response: meinPlanSchema,
    errors,
  }),
  erledigt: endpoint({
    method: 'POST',
    path: '/trainingsplan/erledigt',
    summary: 'Übung des aktuellen Plans für heute als erledigt markieren (mit Schmerz 0–10) oder zurücknehmen',
    tag,
    access: roles(['PATIENT']),
    changes: ['TRAINING'],
    // the caller's own plan; the entry (the audit log's record) is looked up among the caller's own (another's: 404)
    patientRecord: { kind: 'TRAINING', action: 'SCHREIBEN', self: true, recordId: { body: 'eintragId' } },
    body: erledigtBodySchema,
    response: planEintragSchema,
    // 409: the exercise is no longer in the plan in force (nothing stored)
    errors: [...errors, 409],
  }),
  planAktuell: endpoint({
    method: 'GET',
    path: '/trainingsplan/therapeut/:patientId',
    summary: 'Der gültige Trainingsplan-Stand eines Patienten mit Übungen und Trainingstreue (null ohne Plan)',
    tag,
    access: planEditor,
    patientRecord: { kind: 'TRAINING', action: 'LESEN', patientParam: 'patientId', operatorPrivileges },
    params: idParams('patientId', 'Patienten-ID'),
    response: planSetSchema.nullable(),
    errors,
  }),
  planSets: endpoint({
    method: 'GET',
    path: '/trainingsplan/therapeut/list/:patientId',
    summary: 'Die Trainingsplan-Stände eines Patienten (nach Gültigkeitsbeginn)',
    tag,
    access: planEditor,
    patientRecord: { kind: 'TRAINING', action: 'LESEN', patientParam: 'patientId', operatorPrivileges },
    params: idParams('patientId', 'Patienten-ID'),
    response: planSetListSchema,
    errors,
  }),
  planSet: endpoint({
    method: 'GET',
    path: '/trainingsplan/therapeut/set/:setId',
    summary: 'Ein Trainingsplan-Stand mit Übungen und Trainingstreue',
    tag,
    access: planEditor,
    patientRecord: {
      kind: 'TRAINING',
      action: 'LESEN',
      record: { kind: 'TRAININGSPLAN_SET', param: 'setId' },
      operatorPrivileges,
    },
    params: idParams('setId', 'Plan-ID'),
    response: planSetSchema,
    errors,
  }),
  planSetNeu: endpoint({
    method: 'POST',
    path: '/trainingsplan/therapeut/createset/:patientId',
    summary: 'Neuer leerer Trainingsplan, gültig ab jetzt',
    tag,
    access: planEditor,
    patientRecord: { kind: 'TRAINING', action: 'SCHREIBEN', patientParam: 'patientId', operatorPrivileges },
    params: idParams('patientId', 'Patienten-ID'),
    response: planSetSummarySchema,
    errors,
  }),
  planSetAusVorlage: endpoint({
    method: 'POST',
    path: '/trainingsplan/therapeut/withvorlage/:id',
    summary: 'Neuer Trainingsplan aus einer Vorlage, gültig ab jetzt',
    tag,
    access: planEditor,
    patientRecord: { kind: 'TRAINING', action: 'SCHREIBEN', patientBody: 'patientId', operatorPrivileges },
    params: idParams('id', 'Vorlagen-ID'),
    body: withVorlageBodySchema,
    response: planSetSummarySchema,
    errors,
  }),
  planSetDatum: endpoint({
    method: 'POST',
    path: '/trainingsplan/therapeut/changedate',
    summary: 'Gültigkeitsbeginn eines Trainingsplans ändern',
    tag,
    access: planEditor,
    patientRecord: {
      kind: 'TRAINING',
      action: 'SCHREIBEN',
      record: { kind: 'TRAININGSPLAN_SET', body: 'setId' },
      operatorPrivileges,
    },
    body: changeDateBodySchema,
    response: planSetSummarySchema,
    errors,
  }),
  eintragSpeichern: endpoint({
    method: 'POST',
    path: '/trainingsplan/therapeut/save',
    summary: 'Eintrag anlegen (id 0: am Ende) oder ändern',
    tag,
    access: planEditor,
    patientRecord: {
      kind: 'TRAINING',
      action: 'SCHREIBEN',
      record: { kind: 'TRAININGSPLAN_SET', body: 'setId' },
      operatorPrivileges,
    },
    body: planEintragSaveBodySchema,
    response: planEintragSchema,
    errors,
  }),
  eintragEntfernen: endpoint({
    method: 'DELETE',
    path: '/trainingsplan/therapeut/:id',
    summary: 'Eintrag entfernen (die folgenden rücken auf)',
    tag,
    access: planEditor,
    patientRecord: {
      kind: 'TRAINING',
      action: 'SCHREIBEN',
      record: { kind: 'TRAININGSPLAN_EINTRAG', param: 'id' },
      operatorPrivileges,
    },
    params: idParams('id', 'Eintrags-ID'),
    response: z.object({ id: z.number().int() }),
    errors,
  }),
  eintragVerschieben: endpoint({
    method: 'POST',
    path: '/trainingsplan/therapeut/position/:a/:b',
    summary: 'Eintrag a an Position b (ab 1) verschieben; die Positionen bleiben lückenlos',
    tag,
    access: planEditor,
    patientRecord: {
      kind: 'TRAINING',
      action: 'SCHREIBEN',
      record: { kind: 'TRAININGSPLAN_EINTRAG', param: 'a' },
      operatorPrivileges,
    },
    params: positionParamsSchema,
    response: z.array(planEintragSchema),
    errors,
  }),
};
