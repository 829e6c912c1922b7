import { z } from 'zod';
import { endpoint, multipartUpload, roles } from './common/endpoint.ts';
import type { Privilege } from './common/roles.ts';
import { idParam, pageQueryFields } from './common/rules.ts';
import { formatDateTimeDe } from './common/time.ts';

/** Prescriptions: upload by patients, lists, downloads, operator handling (spec 2 "Prescriptions", sections 2-9). */

/** Prescription status (spec 2 section 4). */
export const REZEPT_STATUS = ['NEU', 'INBEARBEITUNG', 'ABGERECHNET', 'ABGELEHNT', 'GELOESCHT'] as const;
export type RezeptStatus = (typeof REZEPT_STATUS)[number];

/** The filter keys of the operator list (spec 2 section 2). */
export const REZEPT_FILTER = ['ALL', ...REZEPT_STATUS] as const;
export type RezeptFilter = (typeof REZEPT_FILTER)[number];

/** Filter buttons and titles of /betreiber/rezepte, in the spec's order. */
export const REZEPT_FILTER_ANSICHT: Record<RezeptFilter, { button: string; titel: string }> = {
  ALL: { button: 'Alle', titel: 'Alle hochgeladenen Rezepte' },
  NEU: { button: 'Neue', titel: 'Alle neuen Rezepte' },
  INBEARBEITUNG: { button: 'Bearbeitung', titel: 'Alle Rezepte in Bearbeitung' },
  ABGERECHNET: { button: 'Abgerechnet', titel: 'Alle abgerechneten Rezepte' },
  ABGELEHNT: { button: 'Abgelehnt', titel: 'Alle abgelehnten Rezepte' },
  GELOESCHT: { button: 'Gelöscht', titel: 'Alle gelöschten Rezepte' },
};

/** How a status reads on the screens (no raw codes). */
export const REZEPT_STATUS_TEXT: Record<RezeptStatus, string> = {
  NEU: 'Neu',
  INBEARBEITUNG: 'In Bearbeitung',
  ABGERECHNET: 'Abgerechnet',
  ABGELEHNT: 'Abgelehnt',
  GELOESCHT: 'Gelöscht',
};

/** Billing and rejecting start only from these (spec 2 section 4). */
export const REZEPT_OFFEN: readonly RezeptStatus[] = ['NEU', 'INBEARBEITUNG'];

/** The media types a prescription may have, by content; the spec's extensions pdf, png, jpg, jpeg. */
export const REZEPT_TYPEN = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
} as const;
export type RezeptTyp = keyof typeof REZEPT_TYPEN;

export const REZEPT_LIMITS = {
  /** 4 MB (spec 2 section 9). */
  bytes: 4 * 1024 * 1024,
  /** The note; the spec gives no limit (docs/decisions.md). */
  anmerkung: 500,
  /** The original file name as shown; longer names are refused. */
  dateiname: 200,
  /** Credit one prescription may grant per kind (docs/decisions.md). */
  gutschrift: 100,
  /** Rows per page of the operator's list. */
  pageSizeMax: 100,
} as const;

/** A point in time as the prescription lists show it: "21.11.2026 um 07:15 Uhr" (Berlin time). */
export const rezeptZeit = (iso: string): string => `${formatDateTimeDe(iso).replace(', ', ' um ')} Uhr`;

/** The confirm delay of reject, bill and delete (spec 2 sections 4 and 9: 3000 ms). */
export const REZEPT_BESTAETIGUNG_MS = 3000;
/** The word an operator types to delete (spec 2 section 4). */
export const REZEPT_LOESCHWORT = 'LÖSCHEN';
/** What a deleted prescription's name and note read (spec 2 section 4). */
export const REZEPT_GELOESCHT_TEXT = 'Gelöscht.';

export const REZEPT_TEXTS = {
  titelOhneName: 'ALLE REZEPTE',
  titelMitName: (vorname: string, nachname: string) => `E-AKTE VON ${vorname} ${nachname}`,
  hinweis: 'Erlaubte Dateitypen: pdf, png, jpg, jpeg. Die Datei darf höchstens 4 MB groß sein.',
  keineAnmerkung: 'Keine.',
  gesamtuebersicht: 'Gesamtübersicht',
  zumPatienten: 'Zum Patienten',
  netzwerkfehlerTitel: 'Netzwerkfehler',
  netzwerkfehlerText: 'Ihre Änderungen wurden nicht übernommen.',
  dateiFehlt: 'Bitte wählen Sie eine Datei aus.',
  dateiFeld: 'Die Datei muss im Formularfeld „file“ gesendet werden.',
  dateiZuGross: 'Die Datei ist zu groß (höchstens 4 MB).',
  dateiTyp: 'Bitte laden Sie eine Datei im Format pdf, png, jpg oder jpeg hoch.',
  dateiUnlesbar: 'Die Datei konnte nicht gelesen werden.',
  dateinameUngueltig: 'Der Dateiname ist ungültig oder zu lang (höchstens 200 Zeichen).',
  anmerkungLeer: 'Die Anmerkung darf nicht leer sein.',
  anmerkungZuLang: 'Die Anmerkung darf höchstens 500 Zeichen lang sein.',
  nichtGefunden: 'Das Rezept wurde nicht gefunden.',
  patientNichtGefunden: 'Der Patient wurde nicht gefunden.',
  keinZugriff: 'Sie haben keinen Zugriff auf die Rezepte dieses Patienten.',
  statusWechsel: (von: RezeptStatus, nach: RezeptStatus) =>
    `Ein Rezept im Status „${REZEPT_STATUS_TEXT[von]}“ kann nicht in den Status „${REZEPT_STATUS_TEXT[nach]}“ wechseln.`,
  geloescht: 'Das Rezept wurde gelöscht; seine Datei gibt es nicht mehr.',
  gutschriftVerbraucht: 'Das Guthaben dieses Rezepts wurde bereits verbraucht und kann nicht verringert werden.',
} as const;

const ganzzahl = (label: string) =>
  z
    .number({ message: `${label} muss eine Zahl sein.` })
    .int(`${label} muss eine ganze Zahl sein.`)
    .min(0, `${label} darf nicht negativ sein.`)
    .max(REZEPT_LIMITS.gutschrift, `${label} darf höchstens ${REZEPT_LIMITS.gutschrift} sein.`);

/** The credit one prescription grants, by the spec's balance names. */
export const rezeptGutschriftSchema = z.strictObject({
  rezeptEinzelTermin: ganzzahl('Einzeltermine'),
  rezeptGruppenTermin: ganzzahl('Gruppentermine'),
  rezeptBefundTermin: ganzzahl('Befundtermine'),
});
export type RezeptGutschrift = z.infer<typeof rezeptGutschriftSchema>;

/**
 * A prescription file (spec 2 section 3: id, originalFilename, anmerkung, status, eingereicht, gebucht, patientId).
 * randomFilename is not given out: files are addressed by id, never by a name (docs/decisions.md).
 */
export const rezeptSchema = z.object({
  id: z.number().int(),
  originalFilename: z.string(),
  anmerkung: z.string(),
  status: z.enum(REZEPT_STATUS),
  /** Upload time, ISO. */
  eingereicht: z.string(),
  /** When its credit was last booked, ISO; null while none was. */
  gebucht: z.string().nullable(),
  patientId: z.number().int(),
  gutschrift: rezeptGutschriftSchema,
});
export type Rezept = z.infer<typeof rezeptSchema>;

/** The answer of every status change: the new status (spec 2 section 7). */
export const rezeptStatusAntwortSchema = z.object({ status: z.enum(REZEPT_STATUS) });
export type RezeptStatusAntwort = z.infer<typeof rezeptStatusAntwortSchema>;

/** The answer of a credit edit: the prescription as it is now (status INBEARBEITUNG, credit, gebucht). */
export const rezeptGutschriftAntwortSchema = rezeptSchema;

export const rezeptIdParamSchema = z.object({ id: idParam('Ungültige Rezept-ID.') });
export const rezeptPatientIdParamSchema = z.object({ patientId: idParam('Ungültige Patienten-ID.') });
/** The operator's list is paged, newest first: every prescription ever uploaded would not fit one answer. */
export const rezeptSeiteQuerySchema = z.object(pageQueryFields(REZEPT_LIMITS.pageSizeMax, 50));
export type RezeptSeiteQuery = z.input<typeof rezeptSeiteQuerySchema>;

/**
 * One page of the operator's list. `gesamt` counts at most 1,000 matches past the page's start (an exact count
 * would visit every prescription); `gesamtGekappt` says that more match.
 */
export const rezeptSeiteSchema = z.object({
  rezepte: z.array(rezeptSchema),
  gesamt: z.number().int(),
  gesamtGekappt: z.boolean(),
});
export type RezeptSeite = z.infer<typeof rezeptSeiteSchema>;

export const rezeptFilterParamSchema = z.object({
  filter: z.enum(REZEPT_FILTER, { message: 'Unbekannter Filter.' }),
});

/**
 * The note of an upload (multipart field `description`), checked by the server after the parts are read; the web
 * form uses the same rule.
 */
export const rezeptAnmerkungRule = z
  .string({ message: REZEPT_TEXTS.anmerkungLeer })
  .trim()
  .min(1, REZEPT_TEXTS.anmerkungLeer)
  .max(REZEPT_LIMITS.anmerkung, REZEPT_TEXTS.anmerkungZuLang);

/**
 * The upload's parts (spec 2: file, description, encrypt): the file, the note in `description` (checked by the
 * server after the parts are read), `encrypt` accepted and ignored (a prescription is always encrypted).
 */
const rezeptUpload = multipartUpload({
  file: {
    field: 'file',
    maxBytes: REZEPT_LIMITS.bytes,
    missing: REZEPT_TEXTS.dateiFehlt,
    wrongField: REZEPT_TEXTS.dateiFeld,
    tooLarge: REZEPT_TEXTS.dateiZuGross,
  },
  fields: z.object({ description: rezeptAnmerkungRule, encrypt: z.string().optional() }),
});

/** Operators read prescriptions with either privilege; handling (status, credit) needs GUTHABEN_AENDERN. */
export const REZEPT_LESER: readonly Privilege[] = ['GUTHABEN_AENDERN', 'BENUTZER_VERWALTEN'];
export const REZEPT_BEARBEITER: readonly Privilege[] = ['GUTHABEN_AENDERN'];

const tag = 'Rezepte';
const errors = [400, 401, 403, 404, 409] as const;
const reader = roles(['BETREIBER'], REZEPT_LESER);
const handler = roles(['BETREIBER'], REZEPT_BEARBEITER);

/** A prescription addressed by its own id in the path: the rezept module names its patient. */
const byId = { kind: 'REZEPT', param: 'id' } as const;

const statusChange = (path: string, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    summary,
    tag,
    access: handler,
    patientRecord: { kind: 'REZEPT', action: 'SCHREIBEN', record: byId, operatorPrivileges: REZEPT_BEARBEITER },
    params: rezeptIdParamSchema,
    response: rezeptStatusAntwortSchema,
    errors,
  });

export const rezeptEndpoints = {
  eigene: endpoint({
    method: 'GET',
    path: '/rezepte/mine',
    summary: 'Eigene Rezepte (Patient)',
    tag,
    access: roles(['PATIENT']),
    patientRecord: { kind: 'REZEPT', action: 'LESEN', self: true },
    response: z.array(rezeptSchema),
    errors,
  }),
  fuerPatient: endpoint({
    method: 'GET',
    path: '/rezepte/for/:patientId',
    summary: 'Rezepte eines Patienten (Therapeut mit dem Patienten in Behandlung, Betreiber)',
    tag,
    access: roles(['THERAPEUT', 'BETREIBER']),
    patientRecord: { kind: 'REZEPT', action: 'LESEN', patientParam: 'patientId', operatorPrivileges: REZEPT_LESER },
    params: rezeptPatientIdParamSchema,
    response: z.array(rezeptSchema),
    errors,
  }),
  alle: endpoint({
    method: 'GET',
    path: '/rezepte/all',
    summary: 'Alle Rezepte (Betreiber), neueste zuerst, seitenweise',
    tag,
    access: reader,
    patientList: { kind: 'REZEPT' },
    query: rezeptSeiteQuerySchema,
    response: rezeptSeiteSchema,
    errors,
  }),
  alleGefiltert: endpoint({
    method: 'GET',
    path: '/rezepte/all/:filter',
    summary: 'Alle Rezepte eines Status (ALL, NEU, INBEARBEITUNG, ABGERECHNET, ABGELEHNT, GELOESCHT), seitenweise',
    tag,
    access: reader,
    patientList: { kind: 'REZEPT' },
    params: rezeptFilterParamSchema,
    query: rezeptSeiteQuerySchema,
    response: rezeptSeiteSchema,
    errors,
  }),
  datei: endpoint({
    method: 'GET',
    path: '/rezepte/:id',
    summary: 'Datei eines Rezepts (Therapeut mit dem Patienten in Behandlung, Betreiber)',
    tag,
    access: roles(['THERAPEUT', 'BETREIBER']),
    patientRecord: { kind: 'REZEPT', action: 'LESEN', record: byId, operatorPrivileges: REZEPT_LESER },
    params: rezeptIdParamSchema,
    responseFormat: 'file',
    fileType: 'application/octet-stream',
    errors,
  }),
  eigeneDatei: endpoint({
    method: 'GET',
    path: '/rezepte/my/:id',
    summary: 'Datei eines eigenen Rezepts (Patient)',
    tag,
    access: roles(['PATIENT']),
    patientRecord: { kind: 'REZEPT', action: 'LESEN', record: byId },
    params: rezeptIdParamSchema,
    responseFormat: 'file',
    fileType: 'application/octet-stream',
    errors,
  }),
  bearbeitung: statusChange('/rezepte/bearbeitung/:id', 'Rezept in Bearbeitung nehmen (aus NEU)'),
  abgerechnet: statusChange('/rezepte/abgerechnet/:id', 'Rezept abrechnen (aus NEU oder INBEARBEITUNG)'),
  abgelehnt: statusChange(
    '/rezepte/abgelehnt/:id',
    'Rezept ablehnen (aus NEU oder INBEARBEITUNG); sein Guthaben wird zurückgenommen',
  ),
  loeschen: statusChange(
    '/rezepte/loeschen/:id',
    'Rezept löschen: Dateiinhalt entfernt, Name und Anmerkung „Gelöscht.“',
  ),
  gutschrift: endpoint({
    method: 'POST',
    path: '/rezepte/guthaben/:id',
    summary: 'Guthaben eines Rezepts setzen (Betreiber mit GUTHABEN_AENDERN); setzt den Status INBEARBEITUNG',
    tag,
    access: handler,
    patientRecord: { kind: 'REZEPT', action: 'SCHREIBEN', record: byId, operatorPrivileges: REZEPT_BEARBEITER },
    params: rezeptIdParamSchema,
    body: rezeptGutschriftSchema,
    response: rezeptGutschriftAntwortSchema,
    errors,
  }),
  hochladen: endpoint({
    method: 'POST',
    path: '/rezepte/upload',
    summary: 'Rezept hochladen (multipart: file, description = Anmerkung, encrypt wird ignoriert: immer verschlüsselt)',
    tag,
    access: roles(['PATIENT']),
    patientRecord: { kind: 'REZEPT', action: 'SCHREIBEN', self: true },
    ...rezeptUpload,
    response: rezeptSchema,
    errors: [...errors, 413],
  }),
};
