import { z } from 'zod';
import {
  endpoint,
  multipartUpload,
  operator,
  roles,
  type PatientRecordRule,
  type PatientSource,
} from './common/endpoint.ts';
import { idField, idParam, MAX_LENGTH_MESSAGE } from './common/rules.ts';

/**
 * Findings questionnaires (Befundfragebogen): the definitions an operator maintains and the questionnaires a
 * patient fills in against a published definition (spec 3 "Questionnaires", "Questionnaire definition admin",
 * sections 3, 4, 5, 7).
 */

export const FRAGE_TYPEN = ['FREITEXT', 'SKALA', 'WAHRHEITSWERT'] as const;
export type FrageTyp = (typeof FRAGE_TYPEN)[number];
export const FRAGE_TYP_LABELS: Record<FrageTyp, string> = {
  FREITEXT: 'Freitext',
  SKALA: 'Skala (0 bis 10)',
  WAHRHEITSWERT: 'Ja/Nein',
};

/** Scale 0 to 10 (spec 3, section 9). */
export const SKALA_MIN = 0;
export const SKALA_MAX = 10;

/** Limits the spec leaves open (docs/decisions.md). */
export const FRAGEBOGEN_LIMITS = {
  titel: 100,
  frage: 500,
  /** One free-text answer. */
  antwort: 5000,
  /** Questions per questionnaire. */
  fragen: 100,
} as const;

export const FRAGEBOGEN_TEXTS = {
  // spec 3, section 8
  keinPatient: 'Kein Patientenobjekt verfügbar',
  // our own answers
  titelLeer: 'Der Titel darf nicht leer sein.',
  frageLeer: 'Die Frage darf nicht leer sein.',
  typUngueltig: 'Bitte wählen Sie einen gültigen Fragetyp.',
  positionUngueltig: 'Die Position muss eine ganze Zahl sein.',
  definitionNichtGefunden: 'Der Fragebogen wurde nicht gefunden.',
  frageNichtGefunden: 'Die Frage wurde nicht gefunden.',
  veroeffentlicht: 'Ein veröffentlichter Fragebogen kann nicht mehr geändert werden.',
  entwurfVorhanden: 'Es gibt bereits einen Entwurf. Bitte bearbeiten oder veröffentlichen Sie diesen zuerst.',
  keineFragen: 'Ein Fragebogen braucht mindestens eine Frage.',
  zuVieleFragen: `Ein Fragebogen hat höchstens ${FRAGEBOGEN_LIMITS.fragen} Fragen.`,
  fragenUnvollstaendig: 'Die Liste der Fragen passt nicht zum gespeicherten Fragebogen. Bitte laden Sie die Seite neu.',
  abhaengigNurJaNein: 'Eine Frage kann nur von einer Ja/Nein-Frage abhängen.',
  abhaengigSelbst: 'Eine Frage kann nicht von sich selbst abhängen.',
  abhaengigZyklus: 'Die Abhängigkeiten der Fragen bilden einen Kreis.',
  abhaengigFremd: 'Eine Frage kann nur von einer aktiven Frage desselben Fragebogens abhängen.',
  bedingungFehlt: 'Bitte wählen Sie, bei welcher Antwort die Frage angezeigt wird.',
  abhaengigeFragen: 'Andere Fragen hängen von dieser Frage ab. Bitte entfernen Sie zuerst diese Abhängigkeiten.',
  keinVeroeffentlichterFragebogen: 'Es ist noch kein Befundfragebogen veröffentlicht.',
  patientNichtGefunden: 'Der Patient wurde nicht gefunden.',
  patientFragebogenNichtGefunden: 'Der Befundfragebogen wurde nicht gefunden.',
  abgegeben: 'Ein abgegebener Befundfragebogen kann nicht mehr geändert werden.',
  patientEntwurfVorhanden: 'Es gibt bereits einen offenen Befundfragebogen.',
  antwortFremd: 'Die Antwort gehört zu keiner aktiven Frage dieses Fragebogens.',
  antwortDoppelt: 'Jede Frage darf nur einmal beantwortet werden.',
  antwortFreitext: 'Die Antwort muss ein Text sein.',
  antwortSkala: `Die Antwort muss eine ganze Zahl von ${SKALA_MIN} bis ${SKALA_MAX} sein.`,
  antwortJaNein: 'Die Antwort muss Ja oder Nein sein.',
  antwortFehlt: 'Bitte beantworten Sie alle angezeigten Fragen.',
  frageOffen: 'Bitte beantworten Sie diese Frage.',
  ungueltigeId: 'Ungültige ID.',
} as const;

/**
 * Definitions in and out as FHIR R4 Questionnaire (issue 34 item 5, docs/fhir.md "Fragebogen-Definitionen"). A
 * Questionnaire of 100 questions is about 60 KB; the limit leaves room for long texts and refuses a 5 MB file early.
 */
export const FRAGEBOGEN_FHIR_MAX_BYTES = 1024 * 1024;
/** The deepest nesting of objects and arrays an import may have (a flat Questionnaire needs about 6). */
export const FRAGEBOGEN_FHIR_MAX_TIEFE = 32;
export const fragebogenFhirDateiname = (definitionId: number): string => `fragebogen-${definitionId}.fhir.json`;

export const FRAGEBOGEN_FHIR_TEXTS = {
  herunterladen: 'Als FHIR herunterladen',
  importieren: 'FHIR-Fragebogen importieren',
  importHinweis:
    'Ein Fragebogen im Format HL7 FHIR R4 (Questionnaire als JSON-Datei, höchstens 1 MB) wird als neuer Entwurf angelegt.',
  importiert: (titel: string) => `Fragebogen „${titel}“ wurde als Entwurf importiert.`,
  importFehlerTitel: 'Import nicht möglich',
  herunterladenFehler: 'Der Fragebogen konnte nicht heruntergeladen werden. Bitte versuchen Sie es erneut.',
  // refusals of the upload itself
  dateiFehlt: 'Bitte wählen Sie eine FHIR-Datei (JSON) aus.',
  dateiFeld: 'Die Datei muss im Formularfeld „file“ gesendet werden.',
  dateiZuGross: 'Die Datei ist zu groß (höchstens 1 MB).',
  // refusals of the content
  keinJson: 'Die Datei ist kein gültiges JSON.',
  zuTief: `Die Datei ist zu tief verschachtelt (höchstens ${FRAGEBOGEN_FHIR_MAX_TIEFE} Ebenen).`,
  keinQuestionnaire: 'Die Datei ist kein FHIR-Fragebogen: „resourceType“ muss „Questionnaire“ sein.',
  r5: (element: string) =>
    `Die Datei ist ein Fragebogen nach FHIR R5 (${element}); die Plattform liest Fragebögen nach FHIR R4.`,
  unbekanntesElement: (element: string) => `Das Element „${element}“ gibt es in einem FHIR-R4-Fragebogen nicht.`,
  modifierExtension:
    'Der Fragebogen hat „modifierExtension“: Erweiterungen, die die Bedeutung ändern, kann die Plattform nicht abbilden.',
  fragebogenExtension: (element: string) =>
    `Erweiterungen des Fragebogens („${element}“) kann die Plattform nicht abbilden; bitte entfernen Sie sie.`,
  keinTitel: 'Der Fragebogen hat keinen Titel („title“).',
  titelZuLang: `Der Titel ist zu lang (höchstens ${FRAGEBOGEN_LIMITS.titel} Zeichen).`,
  keineFragen: 'Der Fragebogen enthält keine Fragen („item“).',
  linkIdFehlt: (nummer: number) => `Die ${nummer}. Frage hat keine „linkId“.`,
  linkIdDoppelt: (linkId: string) => `Die linkId „${linkId}“ kommt mehrfach vor.`,
} as const;

/** Above the list of the questions still unanswered when the patient submits (issue 32 item 11). */
export const offeneFragenHinweis = (anzahl: number): string =>
  anzahl === 1
    ? 'Bitte beantworten Sie noch diese Frage, bevor Sie den Fragebogen abgeben:'
    : `Bitte beantworten Sie noch diese ${anzahl} Fragen, bevor Sie den Fragebogen abgeben:`;

/** Whether the dependency's answer shows a question: "Ja" or "Nein". */
export const BEDINGUNG_LABELS = { true: 'Ja', false: 'Nein' } as const;

/** A question of a definition (spec 3 section 3 "Questionnaire definition"). */
export const frageSchema = z.object({
  id: z.number().int(),
  frage: z.string(),
  typ: z.enum(FRAGE_TYPEN),
  /** Order; a question with null or a position of -1 or below is not shown (spec 3, section 5). */
  position: z.number().int().nullable(),
  abhaengigVonFrageId: z.number().int().nullable(),
  /** The answer of the boolean question it depends on that shows it. */
  abhaengigVonBedingung: z.boolean().nullable(),
  fragebogenId: z.number().int(),
  aktiv: z.boolean(),
});
export type Frage = z.infer<typeof frageSchema>;

/** A questionnaire definition: draft while veroeffentlicht is null, then read-only. */
export const fragebogenDefinitionSchema = z.object({
  id: z.number().int(),
  titel: z.string(),
  /** ISO timestamp of the publication; null: a draft. */
  veroeffentlicht: z.string().nullable(),
  /** The active questions, ordered by position. */
  fragen: z.array(frageSchema),
});
export type FragebogenDefinition = z.infer<typeof fragebogenDefinitionSchema>;

const titelRule = z
  .string({ message: FRAGEBOGEN_TEXTS.titelLeer })
  .trim()
  .min(1, FRAGEBOGEN_TEXTS.titelLeer)
  .max(FRAGEBOGEN_LIMITS.titel, MAX_LENGTH_MESSAGE);

/** One question as the editor saves it. */
export const frageEingabeSchema = z.strictObject({
  id: idField(FRAGEBOGEN_TEXTS.ungueltigeId),
  frage: z
    .string({ message: FRAGEBOGEN_TEXTS.frageLeer })
    .trim()
    .min(1, FRAGEBOGEN_TEXTS.frageLeer)
    .max(FRAGEBOGEN_LIMITS.frage, MAX_LENGTH_MESSAGE),
  typ: z.enum(FRAGE_TYPEN, { message: FRAGEBOGEN_TEXTS.typUngueltig }),
  position: z
    .number({ message: FRAGEBOGEN_TEXTS.positionUngueltig })
    .int(FRAGEBOGEN_TEXTS.positionUngueltig)
    .min(-1, FRAGEBOGEN_TEXTS.positionUngueltig)
    .max(10_000, FRAGEBOGEN_TEXTS.positionUngueltig)
    .nullable(),
  abhaengigVonFrageId: idField(FRAGEBOGEN_TEXTS.ungueltigeId).nullable(),
  abhaengigVonBedingung: z.boolean({ message: FRAGEBOGEN_TEXTS.bedingungFehlt }).nullable(),
});
export type FrageEingabe = z.input<typeof frageEingabeSchema>;

/**
 * The rules within one questionnaire that the editor and the server both check: a dependency names another
 * active boolean question of the same questionnaire with a required answer, and the dependencies form no cycle.
 * Answers the first problem per question index (or per `-1` for the questionnaire as a whole).
 */
export function abhaengigkeitsFehler(fragen: readonly Omit<FrageEingabe, 'frage'>[]): Map<number, string> {
  const errors = new Map<number, string>();
  const byId = new Map(fragen.map((frage) => [frage.id, frage]));
  fragen.forEach((frage, index) => {
    if (frage.abhaengigVonFrageId === null) return;
    if (frage.abhaengigVonFrageId === frage.id) return void errors.set(index, FRAGEBOGEN_TEXTS.abhaengigSelbst);
    const ziel = byId.get(frage.abhaengigVonFrageId);
    if (!ziel) return void errors.set(index, FRAGEBOGEN_TEXTS.abhaengigFremd);
    if (ziel.typ !== 'WAHRHEITSWERT') return void errors.set(index, FRAGEBOGEN_TEXTS.abhaengigNurJaNein);
    if (frage.abhaengigVonBedingung === null) return void errors.set(index, FRAGEBOGEN_TEXTS.bedingungFehlt);
    // follow the chain: a cycle returns to a question already seen
    const seen = new Set([frage.id]);
    for (let next: typeof ziel | undefined = ziel; next;) {
      if (seen.has(next.id)) return void errors.set(index, FRAGEBOGEN_TEXTS.abhaengigZyklus);
      seen.add(next.id);
      next = next.abhaengigVonFrageId === null ? undefined : byId.get(next.abhaengigVonFrageId);
    }
  });
  return errors;
}

/** POST /fragebogen/save and /fragebogen/publish: the draft's title and its active questions. */
export const fragebogenSpeichernSchema = z
  .strictObject({
    id: idField(FRAGEBOGEN_TEXTS.ungueltigeId),
    titel: titelRule,
    fragen: z.array(frageEingabeSchema).max(FRAGEBOGEN_LIMITS.fragen, FRAGEBOGEN_TEXTS.zuVieleFragen),
  })
  .superRefine((value, ctx) => {
    const ids = new Set<number>();
    value.fragen.forEach((frage, index) => {
      if (ids.has(frage.id))
        ctx.addIssue({ code: 'custom', message: FRAGEBOGEN_TEXTS.antwortDoppelt, path: ['fragen', index] });
      ids.add(frage.id);
    });
    for (const [index, message] of abhaengigkeitsFehler(value.fragen)) {
      ctx.addIssue({ code: 'custom', message, path: ['fragen', index, 'abhaengigVonFrageId'] });
    }
  });
export type FragebogenSpeichern = z.input<typeof fragebogenSpeichernSchema>;

/** POST /fragebogen/addFrage: a new question at the end of a draft. */
export const frageHinzufuegenSchema = z.strictObject({
  fragebogenId: idField(FRAGEBOGEN_TEXTS.ungueltigeId),
  frage: z.string().trim().max(FRAGEBOGEN_LIMITS.frage, MAX_LENGTH_MESSAGE).optional(),
  typ: z.enum(FRAGE_TYPEN, { message: FRAGEBOGEN_TEXTS.typUngueltig }).optional(),
});

/** POST /fragebogen/inactivateFrage: the question to remove (it is marked inactive). */
export const frageEntfernenSchema = z.strictObject({ id: idField(FRAGEBOGEN_TEXTS.ungueltigeId) });

// ---------------------------------------------------------------------------------------------------------------
// A patient's questionnaire

/** An answer: text (FREITEXT), a whole number 0..10 (SKALA), true/false (WAHRHEITSWERT); null: not answered. */
export const antwortWertSchema = z.union([z.string(), z.number(), z.boolean()]).nullable();
export type AntwortWert = z.infer<typeof antwortWertSchema>;

/** An answer with its question, as the patient's questionnaire carries it (spec 3 section 3). */
export const antwortSchema = z.object({
  antwort: antwortWertSchema,
  frage: z.object({
    id: z.number().int(),
    frage: z.string(),
    typ: z.enum(FRAGE_TYPEN),
    position: z.number().int().nullable(),
    frageAbhaengigVonFrage: z.number().int().nullable(),
    frageAnzeigenWennBedingung: z.boolean().nullable(),
  }),
});
export type Antwort = z.infer<typeof antwortSchema>;

/** A patient's questionnaire: a draft while veroeffentlicht is null, then read-only. */
export const patientFragebogenSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  titel: z.string(),
  /** ISO timestamps. */
  erstellt: z.string(),
  veroeffentlicht: z.string().nullable(),
  /** Every question of the definition it was given against, in order, each with its answer. */
  antworten: z.array(antwortSchema),
});
export type PatientFragebogen = z.infer<typeof patientFragebogenSchema>;

/** POST /fragebogen/patient/save and /publish: the questionnaire's id and the answers by question id. */
export const patientFragebogenSpeichernSchema = z.strictObject({
  id: idField(FRAGEBOGEN_TEXTS.ungueltigeId),
  antworten: z
    .array(
      z.strictObject({
        frageId: idField(FRAGEBOGEN_TEXTS.ungueltigeId),
        antwort: z
          .union([z.string().max(FRAGEBOGEN_LIMITS.antwort, MAX_LENGTH_MESSAGE), z.number(), z.boolean()], {
            message: FRAGEBOGEN_TEXTS.antwortFreitext,
          })
          .nullable(),
      }),
    )
    .max(FRAGEBOGEN_LIMITS.fragen, FRAGEBOGEN_TEXTS.zuVieleFragen),
});
export type PatientFragebogenSpeichern = z.input<typeof patientFragebogenSpeichernSchema>;

/** The question shape the visibility rule needs (definition and patient view name the dependency differently). */
export interface SichtbarkeitsFrage {
  id: number;
  typ: FrageTyp;
  position: number | null;
  dependsOn: number | null;
  condition: boolean | null;
}

/**
 * The questions shown for the given answers (spec 3, section 5): position set and above -1, and the dependency's
 * answer equals the required value while the dependency itself is shown (a chain hides all below a hidden one).
 * A dependency that is missing or forms a cycle hides the question rather than loop. Server and screen use this.
 */
export function sichtbareFragen(
  fragen: readonly SichtbarkeitsFrage[],
  antworten: ReadonlyMap<number, AntwortWert>,
): Set<number> {
  const byId = new Map(fragen.map((frage) => [frage.id, frage]));
  const memo = new Map<number, boolean>();
  const visible = (id: number, path: Set<number>): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const frage = byId.get(id);
    let result = false;
    if (frage && frage.position !== null && frage.position > -1 && !path.has(id)) {
      if (frage.dependsOn === null) result = true;
      else {
        const parent = byId.get(frage.dependsOn);
        result =
          parent !== undefined &&
          parent.typ === 'WAHRHEITSWERT' &&
          visible(parent.id, new Set([...path, id])) &&
          antworten.get(parent.id) === frage.condition;
      }
    }
    memo.set(id, result);
    return result;
  };
  return new Set(fragen.filter((frage) => visible(frage.id, new Set())).map((frage) => frage.id));
}

/** The patient view's question as the visibility rule reads it. */
export const alsSichtbarkeitsFrage = (frage: Antwort['frage']): SichtbarkeitsFrage => ({
  id: frage.id,
  typ: frage.typ,
  position: frage.position,
  dependsOn: frage.frageAbhaengigVonFrage,
  condition: frage.frageAnzeigenWennBedingung,
});

/** An answer counts as given unless it is null or blank text. */
export const istBeantwortet = (antwort: AntwortWert | undefined): boolean =>
  antwort !== null && antwort !== undefined && !(typeof antwort === 'string' && antwort.trim() === '');

/** The answer as the summary and the PDF print it. */
export function antwortText(typ: FrageTyp, antwort: AntwortWert): string {
  if (!istBeantwortet(antwort)) return '–';
  if (typ === 'WAHRHEITSWERT') return antwort === true ? 'Ja' : 'Nein';
  if (typ === 'SKALA') return `${String(antwort)}/${SKALA_MAX}`;
  return String(antwort);
}

export const fragebogenPatientParamSchema = z.object({ patientId: idParam('Ungültige Patienten-ID.') });
export const fragebogenIdParamSchema = z.object({ id: idParam(FRAGEBOGEN_TEXTS.ungueltigeId) });

const tag = 'Fragebogen';
const errors = [400, 401, 403, 404, 409] as const;
/** Definitions are the operators' with FRAGEBOGEN_EDITIEREN (spec 1, section 6). */
const editor = operator('FRAGEBOGEN_EDITIEREN');
const alle = roles(['PATIENT', 'THERAPEUT', 'BETREIBER']);
/**
 * A patient's questionnaires: the patient, therapists with the patient in care, operators with
 * FRAGEBOGEN_EDITIEREN (docs/decisions.md).
 */
const rule = (action: PatientRecordRule['action'], source: PatientSource): PatientRecordRule => ({
  kind: 'FRAGEBOGEN',
  action,
  ...source,
  operatorPrivileges: ['FRAGEBOGEN_EDITIEREN'],
});
/** A patient's questionnaire addressed by its own id (the fragebogen module names its patient). */
const fragebogenInBody = { record: { kind: 'PATIENT_FRAGEBOGEN', body: 'id' } } as const;

/** The import's one part: the FHIR file. */
const fhirImport = multipartUpload({
  file: {
    field: 'file',
    maxBytes: FRAGEBOGEN_FHIR_MAX_BYTES,
    missing: FRAGEBOGEN_FHIR_TEXTS.dateiFehlt,
    wrongField: FRAGEBOGEN_FHIR_TEXTS.dateiFeld,
    tooLarge: FRAGEBOGEN_FHIR_TEXTS.dateiZuGross,
  },
  // no text fields; loose only so that the type of the parts is the file alone (an empty object types as never)
  fields: z.object({}).loose(),
});

export const fragebogenEndpoints = {
  eigene: endpoint({
    method: 'GET',
    path: '/fragebogen/patient/all',
    summary: 'Die eigenen Befundfragebögen (Entwürfe zuerst, dann die neuesten)',
    tag,
    access: roles(['PATIENT']),
    patientRecord: rule('LESEN', { self: true }),
    response: z.array(patientFragebogenSchema),
    errors,
  }),
  vonPatient: endpoint({
    method: 'GET',
    path: '/fragebogen/patient/get/:patientId',
    summary: 'Die Befundfragebögen eines Patienten (Entwürfe zuerst, dann die neuesten)',
    tag,
    access: alle,
    patientRecord: rule('LESEN', { patientParam: 'patientId' }),
    params: fragebogenPatientParamSchema,
    response: z.array(patientFragebogenSchema),
    errors,
  }),
  neu: endpoint({
    method: 'GET',
    path: '/fragebogen/patient/new/:patientId',
    summary: 'Neuen Befundfragebogen nach dem neuesten veröffentlichten Fragebogen anlegen',
    tag,
    access: alle,
    patientRecord: rule('SCHREIBEN', { patientParam: 'patientId' }),
    params: fragebogenPatientParamSchema,
    response: patientFragebogenSchema,
    errors,
  }),
  speichern: endpoint({
    method: 'POST',
    path: '/fragebogen/patient/save',
    summary: 'Antworten eines offenen Befundfragebogens speichern',
    tag,
    access: alle,
    patientRecord: rule('SCHREIBEN', fragebogenInBody),
    body: patientFragebogenSpeichernSchema,
    response: patientFragebogenSchema,
    errors,
  }),
  abgeben: endpoint({
    method: 'POST',
    path: '/fragebogen/patient/publish',
    summary: 'Befundfragebogen speichern und abgeben (danach nur lesbar)',
    tag,
    access: alle,
    patientRecord: rule('SCHREIBEN', fragebogenInBody),
    body: patientFragebogenSpeichernSchema,
    response: patientFragebogenSchema,
    errors,
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/pdf/befund/:id',
    summary: 'Befundfragebogen als PDF',
    tag,
    access: alle,
    patientRecord: rule('LESEN', { record: { kind: 'PATIENT_FRAGEBOGEN', param: 'id' } }),
    params: fragebogenIdParamSchema,
    responseFormat: 'file',
    fileType: 'application/pdf',
    errors,
  }),
  definitionen: endpoint({
    method: 'GET',
    path: '/fragebogen/all',
    summary: 'Alle Fragebögen (Entwurf zuerst, dann die neuesten veröffentlichten)',
    tag,
    access: editor,
    response: z.array(fragebogenDefinitionSchema),
    errors,
  }),
  definitionNeu: endpoint({
    method: 'GET',
    path: '/fragebogen/new',
    summary: 'Neuen Entwurf anlegen (mit den Fragen des neuesten veröffentlichten Fragebogens)',
    tag,
    access: editor,
    response: fragebogenDefinitionSchema,
    errors,
  }),
  frageHinzufuegen: endpoint({
    method: 'POST',
    path: '/fragebogen/addFrage',
    summary: 'Frage an einen Entwurf anhängen',
    tag,
    access: editor,
    body: frageHinzufuegenSchema,
    response: fragebogenDefinitionSchema,
    errors,
  }),
  frageEntfernen: endpoint({
    method: 'POST',
    path: '/fragebogen/inactivateFrage',
    summary: 'Frage eines Entwurfs entfernen (wird inaktiv)',
    tag,
    access: editor,
    body: frageEntfernenSchema,
    response: fragebogenDefinitionSchema,
    errors,
  }),
  definitionSpeichern: endpoint({
    method: 'POST',
    path: '/fragebogen/save',
    summary: 'Entwurf speichern',
    tag,
    access: editor,
    body: fragebogenSpeichernSchema,
    response: fragebogenDefinitionSchema,
    errors,
  }),
  definitionVeroeffentlichen: endpoint({
    method: 'POST',
    path: '/fragebogen/publish',
    summary: 'Entwurf speichern und veröffentlichen (danach nur lesbar)',
    tag,
    access: editor,
    body: fragebogenSpeichernSchema,
    response: fragebogenDefinitionSchema,
    errors,
  }),
  definitionFhir: endpoint({
    method: 'GET',
    path: '/fragebogen/fhir/:id',
    summary: 'Fragebogen-Definition als FHIR-R4-Questionnaire (application/fhir+json; Abbildung: docs/fhir.md)',
    tag,
    access: editor,
    params: fragebogenIdParamSchema,
    responseFormat: 'file',
    fileType: 'application/fhir+json',
    errors: [400, 401, 403, 404],
  }),
  definitionImportieren: endpoint({
    method: 'POST',
    path: '/fragebogen/fhir/import',
    summary:
      'FHIR-R4-Questionnaire (JSON-Datei, multipart: file) als neuen Entwurf anlegen; was die Plattform nicht abbilden kann, wird mit Nennung der Frage abgelehnt',
    tag,
    access: editor,
    ...fhirImport,
    response: fragebogenDefinitionSchema,
    errors: [400, 401, 403, 409],
  }),
};
