import { z } from 'zod';
import { KOERPER_SEITEN } from './anamnese-koerper.ts';
import { endpoint, roles, type PatientRecordRule, type PatientSource } from './common/endpoint.ts';
import type { Privilege } from './common/roles.ts';
import { idField, idParam, MAX_LENGTH_MESSAGE } from './common/rules.ts';
import { formatDayDe } from './common/time.ts';

/** The medical history (anamnesis) of a patient (spec 3 "Medical history", sections 3, 4, 5, 7). */

export const ANAMNESE_LIMITS = {
  /** Long answers (diagnosis, illnesses, medication, daily life, ...). */
  text: 2000,
  /** Short answers (job, sports, contact). */
  kurz: 100,
  telefon: 30,
  /** Pain points on the body image. */
  punkte: 50,
  koerperMin: 1,
  koerperMax: 250,
  computerzeitMax: 25,
  sliderMin: 1,
  sliderMax: 10,
} as const;

export const ANAMNESE_TEXTS = {
  // spec 3, section 5
  computerzeitMin: 'Der Wert muss größer/gleich 0 sein.',
  computerzeitMax: 'Der Wert muss kleiner 25 sein.',
  // our own
  koerperwert: 'Bitte einen Wert von 1 bis 250 eingeben.',
  pflicht: 'Dieses Feld darf nicht leer sein.',
  zahl: 'Bitte eine Zahl eingeben.',
  ganzeZahl: 'Bitte eine ganze Zahl eingeben.',
  slider: 'Der Wert muss zwischen 1 und 10 liegen.',
  auswahl: 'Bitte eine der angebotenen Antworten wählen.',
  datum: 'Bitte ein gültiges Datum eingeben.',
  datenschutz: 'Bitte bestätigen Sie die Datenschutzerklärung.',
  punktAusserhalb: 'Ein Schmerzpunkt liegt außerhalb des Körperbilds.',
  zuVielePunkte: `Es können höchstens ${ANAMNESE_LIMITS.punkte} Schmerzpunkte gesetzt werden.`,
  unterschrieben: 'Der Anamnesebogen ist unterschrieben und kann nicht mehr geändert werden.',
  nichtGefunden: 'Es ist noch kein Anamnesebogen vorhanden.',
  unvollstaendig: 'Der Anamnesebogen ist noch nicht vollständig ausgefüllt.',
  patientNichtGefunden: 'Der Patient wurde nicht gefunden.',
  patientFehlt: 'Bitte geben Sie an, wessen Anamnesebogen gelöscht werden soll.',
  geloescht: 'Der Anamnesebogen wurde gelöscht.',
} as const;

/** sportart1antwort..4 (spec 3 section 3): 0 occasionally, 1 often, 2 intensively. */
export const SPORT_INTENSITAET = ['gelegentlich', 'häufig', 'intensiv'] as const;
/** schmerzen: 0 yes, 1 no. */
export const SCHMERZEN_LABELS = ['Ja', 'Nein'] as const;
/** seitWannSchmerzen: 0 days, 1 weeks, 2 months, 3 years. */
export const SEIT_WANN_LABELS = ['Tage', 'Wochen', 'Monate', 'Jahre'] as const;
/** schmerzArt1..9. */
export const SCHMERZ_ARTEN = [
  'scharf',
  'stechend',
  'schneidend',
  'ziehend',
  'oberflächlich',
  'tief',
  'bohrend',
  'brennend',
  'dumpf',
] as const;

const optionalText = (max: number) => z.string().max(max, MAX_LENGTH_MESSAGE).nullable();
const koerperwert = z
  .number({ message: ANAMNESE_TEXTS.zahl })
  .int(ANAMNESE_TEXTS.ganzeZahl)
  .min(ANAMNESE_LIMITS.koerperMin, ANAMNESE_TEXTS.koerperwert)
  .max(ANAMNESE_LIMITS.koerperMax, ANAMNESE_TEXTS.koerperwert)
  .nullable();
const slider = z
  .number({ message: ANAMNESE_TEXTS.slider })
  .int(ANAMNESE_TEXTS.slider)
  .min(ANAMNESE_LIMITS.sliderMin, ANAMNESE_TEXTS.slider)
  .max(ANAMNESE_LIMITS.sliderMax, ANAMNESE_TEXTS.slider)
  .nullable();
const code = (count: number) =>
  z
    .number({ message: ANAMNESE_TEXTS.auswahl })
    .int(ANAMNESE_TEXTS.auswahl)
    .min(0, ANAMNESE_TEXTS.auswahl)
    .max(count - 1, ANAMNESE_TEXTS.auswahl)
    .nullable();
const isoDay = z
  .string({ message: ANAMNESE_TEXTS.datum })
  .regex(/^\d{4}-\d{2}-\d{2}$/, ANAMNESE_TEXTS.datum)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, ANAMNESE_TEXTS.datum)
  .nullable();
const relativ = z
  .number({ message: ANAMNESE_TEXTS.punktAusserhalb })
  .min(0, ANAMNESE_TEXTS.punktAusserhalb)
  .max(1, ANAMNESE_TEXTS.punktAusserhalb);

export const schmerzpunktSchema = z.strictObject({
  x: relativ,
  y: relativ,
  seite: z.enum(KOERPER_SEITEN, { message: ANAMNESE_TEXTS.punktAusserhalb }),
});

const { text, kurz, telefon } = ANAMNESE_LIMITS;

/** The answers (spec 3 section 3 "Medical history answers"); every one may stay empty until signing. */
export const anamneseAngabenShape = {
  groesse: koerperwert,
  gewicht: koerperwert,
  beruf: optionalText(kurz),
  hobbys: optionalText(text),
  computerzeit: z
    .number({ message: ANAMNESE_TEXTS.zahl })
    .min(0, ANAMNESE_TEXTS.computerzeitMin)
    .lt(ANAMNESE_LIMITS.computerzeitMax, ANAMNESE_TEXTS.computerzeitMax)
    .nullable(),
  sportart1: optionalText(kurz),
  sportart1antwort: code(SPORT_INTENSITAET.length),
  sportart2: optionalText(kurz),
  sportart2antwort: code(SPORT_INTENSITAET.length),
  sportart3: optionalText(kurz),
  sportart3antwort: code(SPORT_INTENSITAET.length),
  sportart4: optionalText(kurz),
  sportart4antwort: code(SPORT_INTENSITAET.length),
  baName: optionalText(kurz),
  baStrasse: optionalText(kurz),
  baStadt: optionalText(kurz),
  baTelefon: optionalText(telefon),
  diagnose: optionalText(text),
  opDatum: isoDay,
  erkrankungen: optionalText(text),
  medikamente: optionalText(text),
  schmerzmedikamente: optionalText(text),
  allergien: optionalText(text),
  chronisch: optionalText(text),
  therapien: optionalText(text),
  alltag: optionalText(text),
  berufsprobleme: optionalText(text),
  psychischBeeintraechtigt: slider,
  schmerzen: code(SCHMERZEN_LABELS.length),
  seitWannSchmerzen: code(SEIT_WANN_LABELS.length),
  woSchmerzen: z.array(schmerzpunktSchema).max(ANAMNESE_LIMITS.punkte, ANAMNESE_TEXTS.zuVielePunkte),
  schmerzVerstaerkt: optionalText(text),
  schmerzArt1: z.boolean(),
  schmerzArt2: z.boolean(),
  schmerzArt3: z.boolean(),
  schmerzArt4: z.boolean(),
  schmerzArt5: z.boolean(),
  schmerzArt6: z.boolean(),
  schmerzArt7: z.boolean(),
  schmerzArt8: z.boolean(),
  schmerzArt9: z.boolean(),
  schmerzStaerkeRuhe: slider,
  schmerzStaerkeBelastung: slider,
  angabenDatum: isoDay,
};
export const anamneseAngabenSchema = z.strictObject(anamneseAngabenShape);
export type AnamneseAngaben = z.infer<typeof anamneseAngabenSchema>;
export type AnamneseFeld = keyof AnamneseAngaben;

/** The fields signing requires (spec 3, section 5: height, weight, diseases, medication, pain medication, allergies). */
export const ANAMNESE_PFLICHTFELDER = [
  'groesse',
  'gewicht',
  'erkrankungen',
  'medikamente',
  'schmerzmedikamente',
  'allergien',
] as const satisfies readonly AnamneseFeld[];

const istLeer = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The required fields the answers still lack (empty: the form may be signed). */
export const fehlendePflichtfelder = (angaben: Partial<AnamneseAngaben>): (typeof ANAMNESE_PFLICHTFELDER)[number][] =>
  ANAMNESE_PFLICHTFELDER.filter((feld) => istLeer(angaben[feld]));

/** The empty form of a patient who has not saved yet. */
export const LEERE_ANAMNESE: AnamneseAngaben = {
  groesse: null,
  gewicht: null,
  beruf: null,
  hobbys: null,
  computerzeit: null,
  sportart1: null,
  sportart1antwort: null,
  sportart2: null,
  sportart2antwort: null,
  sportart3: null,
  sportart3antwort: null,
  sportart4: null,
  sportart4antwort: null,
  baName: null,
  baStrasse: null,
  baStadt: null,
  baTelefon: null,
  diagnose: null,
  opDatum: null,
  erkrankungen: null,
  medikamente: null,
  schmerzmedikamente: null,
  allergien: null,
  chronisch: null,
  therapien: null,
  alltag: null,
  berufsprobleme: null,
  psychischBeeintraechtigt: null,
  schmerzen: null,
  seitWannSchmerzen: null,
  woSchmerzen: [],
  schmerzVerstaerkt: null,
  schmerzArt1: false,
  schmerzArt2: false,
  schmerzArt3: false,
  schmerzArt4: false,
  schmerzArt5: false,
  schmerzArt6: false,
  schmerzArt7: false,
  schmerzArt8: false,
  schmerzArt9: false,
  schmerzStaerkeRuhe: null,
  schmerzStaerkeBelastung: null,
  angabenDatum: null,
};

/** POST /anamnese: the answers and the privacy checkbox, which saving requires (spec 3, section 5). */
export const anamneseSpeichernSchema = z.strictObject({
  ...anamneseAngabenShape,
  datenschutz: z.literal(true, { message: ANAMNESE_TEXTS.datenschutz }),
});
export type AnamneseSpeichern = z.input<typeof anamneseSpeichernSchema>;

/** The stored form as the API answers it. */
export const anamneseSchema = z.object({
  ...anamneseAngabenShape,
  patientId: z.number().int(),
  unterschrieben: z.boolean(),
  /** ISO timestamps. */
  unterschriebenAm: z.string().nullable(),
  geaendert: z.string(),
});
export type Anamnese = z.infer<typeof anamneseSchema>;

/** German labels of the fields, for the summary and the PDF. */
export const ANAMNESE_LABELS: Record<
  Exclude<AnamneseFeld, `schmerzArt${number}` | `sportart${number}antwort`>,
  string
> = {
  groesse: 'Größe (cm)',
  gewicht: 'Gewicht (kg)',
  beruf: 'Beruf',
  hobbys: 'Hobbys',
  computerzeit: 'Computerzeit (Stunden pro Tag)',
  sportart1: 'Sportart 1',
  sportart2: 'Sportart 2',
  sportart3: 'Sportart 3',
  sportart4: 'Sportart 4',
  baName: 'Name',
  baStrasse: 'Straße',
  baStadt: 'Stadt',
  baTelefon: 'Telefon',
  diagnose: 'Diagnose',
  opDatum: 'Operationsdatum',
  erkrankungen: 'Erkrankungen',
  medikamente: 'Medikamente',
  schmerzmedikamente: 'Schmerzmedikamente',
  allergien: 'Allergien',
  chronisch: 'Chronische Erkrankungen',
  therapien: 'Bisherige Therapien',
  alltag: 'Einschränkungen im Alltag',
  berufsprobleme: 'Probleme im Beruf',
  psychischBeeintraechtigt: 'Psychische Belastung',
  schmerzen: 'Haben Sie Schmerzen?',
  seitWannSchmerzen: 'Seit wann haben Sie Schmerzen?',
  woSchmerzen: 'Wo haben Sie Schmerzen?',
  schmerzVerstaerkt: 'Was verstärkt die Schmerzen?',
  schmerzStaerkeRuhe: 'Schmerzstärke in Ruhe',
  schmerzStaerkeBelastung: 'Schmerzstärke unter Belastung',
  angabenDatum: 'Datum der Angaben',
};

export const SPORTARTEN = [1, 2, 3, 4] as const;
export const sportFeld = (n: (typeof SPORTARTEN)[number]) => `sportart${n}` as const;
export const sportAntwortFeld = (n: (typeof SPORTARTEN)[number]) => `sportart${n}antwort` as const;
export const schmerzArtFeld = (index: number) =>
  `schmerzArt${index + 1}` as `schmerzArt${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;

/** A slider's value as the summary shows it (spec 3, section 5): "n/10". */
export const sliderText = (value: number | null): string => (value === null ? '–' : `${value}/10`);

/** One section of the summary and the PDF: its heading and its rows (label, the answer as text). */
export interface AnamneseAbschnitt {
  titel: string;
  zeilen: [label: string, wert: string][];
}

const antwort = (value: string | number | null): string => (value === null || value === '' ? '–' : String(value));
const wahl = (labels: readonly string[], code: number | null): string => (code === null ? '–' : (labels[code] ?? '–'));
const datum = (value: string | null): string => (value ? formatDayDe(value) : '–');

/**
 * The answers as the summary and the PDF show them (spec 3, section 5: summary mode, sliders as "n/10"), section by
 * section; an empty answer is "–". The body image (ANAMNESE_LABELS.woSchmerzen) follows the sections in both.
 */
export function anamneseAbschnitte(a: AnamneseAngaben): AnamneseAbschnitt[] {
  const L = ANAMNESE_LABELS;
  const arten = SCHMERZ_ARTEN.filter((_, index) => a[schmerzArtFeld(index)]);
  return [
    {
      titel: 'Körperdaten',
      zeilen: [
        [L.groesse, antwort(a.groesse)],
        [L.gewicht, antwort(a.gewicht)],
      ],
    },
    {
      titel: 'Beruf und Freizeit',
      zeilen: [
        [L.beruf, antwort(a.beruf)],
        [L.hobbys, antwort(a.hobbys)],
        [L.computerzeit, antwort(a.computerzeit)],
        ...SPORTARTEN.map((n): [string, string] => {
          const sportart = a[sportFeld(n)];
          return [L[sportFeld(n)], sportart ? `${sportart} (${wahl(SPORT_INTENSITAET, a[sportAntwortFeld(n)])})` : '–'];
        }),
      ],
    },
    {
      titel: 'Ansprechpartner der Berufsgenossenschaft',
      zeilen: [
        [L.baName, antwort(a.baName)],
        [L.baStrasse, antwort(a.baStrasse)],
        [L.baStadt, antwort(a.baStadt)],
        [L.baTelefon, antwort(a.baTelefon)],
      ],
    },
    {
      titel: 'Krankengeschichte',
      zeilen: [
        [L.diagnose, antwort(a.diagnose)],
        [L.opDatum, datum(a.opDatum)],
        [L.erkrankungen, antwort(a.erkrankungen)],
        [L.medikamente, antwort(a.medikamente)],
        [L.schmerzmedikamente, antwort(a.schmerzmedikamente)],
        [L.allergien, antwort(a.allergien)],
        [L.chronisch, antwort(a.chronisch)],
        [L.therapien, antwort(a.therapien)],
      ],
    },
    {
      titel: 'Alltag und Beruf',
      zeilen: [
        [L.alltag, antwort(a.alltag)],
        [L.berufsprobleme, antwort(a.berufsprobleme)],
        [L.psychischBeeintraechtigt, sliderText(a.psychischBeeintraechtigt)],
      ],
    },
    {
      titel: 'Schmerzen',
      zeilen: [
        [L.schmerzen, wahl(SCHMERZEN_LABELS, a.schmerzen)],
        [L.seitWannSchmerzen, wahl(SEIT_WANN_LABELS, a.seitWannSchmerzen)],
        [L.schmerzVerstaerkt, antwort(a.schmerzVerstaerkt)],
        ['Schmerzart', arten.length ? arten.join(', ') : '–'],
        [L.schmerzStaerkeRuhe, sliderText(a.schmerzStaerkeRuhe)],
        [L.schmerzStaerkeBelastung, sliderText(a.schmerzStaerkeBelastung)],
        [L.angabenDatum, datum(a.angabenDatum)],
      ],
    },
  ];
}

/** POST /anamnese/entfernen: a patient deletes their own (no body needed), an operator names the patient. */
export const anamneseEntfernenSchema = z.strictObject({
  patientId: idField('Ungültige Patienten-ID.').optional(),
});
export const anamnesePatientParamSchema = z.object({ patientId: idParam('Ungültige Patienten-ID.') });
export const anamnesePdfParamSchema = z.object({ id: idParam('Ungültige Patienten-ID.') });

const tag = 'Anamnese';
const errors = [400, 401, 403, 404, 409] as const;
/**
 * The anamnesis: the patient; therapists with the patient in care (read); operators with FRAGEBOGEN_EDITIEREN
 * (read, and delete as spec 3 section 6 allows operators) or, for the deletion, PATIENT_LOESCHEN (docs/decisions.md).
 */
const LESEN: readonly Privilege[] = ['FRAGEBOGEN_EDITIEREN'];
const rule = (action: PatientRecordRule['action'], source: PatientSource, operatorPrivileges = LESEN) =>
  ({ kind: 'ANAMNESE', action, ...source, operatorPrivileges }) satisfies PatientRecordRule;
/** The caller's own anamnesis. */
const own = { self: true } as const;
const patient = roles(['PATIENT']);

export const anamneseEndpoints = {
  eigene: endpoint({
    method: 'GET',
    path: '/anamnese',
    summary: 'Der eigene Anamnesebogen oder null',
    tag,
    access: patient,
    patientRecord: rule('LESEN', own),
    response: anamneseSchema.nullable(),
    errors,
  }),
  vonPatient: endpoint({
    method: 'GET',
    path: '/anamnese/other/:patientId',
    summary: 'Der Anamnesebogen eines Patienten oder null (nur lesend)',
    tag,
    access: roles(['PATIENT', 'THERAPEUT', 'BETREIBER']),
    patientRecord: rule('LESEN', { patientParam: 'patientId' }),
    params: anamnesePatientParamSchema,
    response: anamneseSchema.nullable(),
    errors,
  }),
  speichern: endpoint({
    method: 'POST',
    path: '/anamnese',
    summary: 'Den eigenen Anamnesebogen zwischenspeichern (nicht mehr nach dem Unterschreiben)',
    tag,
    access: patient,
    patientRecord: rule('SCHREIBEN', own),
    body: anamneseSpeichernSchema,
    response: anamneseSchema,
    errors,
  }),
  unterschreiben: endpoint({
    method: 'GET',
    path: '/anamnese/unterschreiben',
    summary: 'Den eigenen, vollständigen Anamnesebogen unterschreiben (danach nur lesbar)',
    tag,
    access: patient,
    patientRecord: rule('SCHREIBEN', own),
    response: anamneseSchema,
    errors,
  }),
  entfernen: endpoint({
    method: 'POST',
    path: '/anamnese/entfernen',
    summary: 'Anamnesebogen löschen (Patient den eigenen, Betreiber den eines Patienten)',
    tag,
    access: roles(['PATIENT', 'BETREIBER']),
    // the patient in the body; a patient may leave it out and means themselves
    patientRecord: rule('SCHREIBEN', { patientBody: 'patientId', self: true }, [
      'FRAGEBOGEN_EDITIEREN',
      'PATIENT_LOESCHEN',
    ]),
    body: anamneseEntfernenSchema,
    response: z.boolean(),
    errors,
  }),
  pdfEigene: endpoint({
    method: 'GET',
    path: '/pdf/anamnesefragebogen',
    summary: 'Der eigene Anamnesebogen als PDF',
    tag,
    access: patient,
    patientRecord: rule('LESEN', own),
    responseFormat: 'file',
    fileType: 'application/pdf',
    errors,
  }),
  pdfVonPatient: endpoint({
    method: 'GET',
    path: '/pdf/anamnesefragebogen/:id',
    summary: 'Der Anamnesebogen eines Patienten als PDF',
    tag,
    access: roles(['PATIENT', 'THERAPEUT', 'BETREIBER']),
    patientRecord: rule('LESEN', { patientParam: 'id' }),
    params: anamnesePdfParamSchema,
    responseFormat: 'file',
    fileType: 'application/pdf',
    errors,
  }),
};
