import { z } from 'zod';
import { endpoint, multipartUpload, operator, PUBLIC } from './common/endpoint.ts';

/** Operator uploads (spec 3 "Operator tools: Uploads"; spec 1 section 7 `GET /files/`): public page images, PDFs, logos. */

/** Media types by content; served from the platform's own origin at /api/files/{name}. */
export const DATEI_TYPEN = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
} as const;

export const DATEI_LIMITS = {
  /** One file; the spec gives no limit (docs/decisions.md). */
  bytes: 10 * 1024 * 1024,
  beschreibung: 200,
  dateiname: 200,
} as const;

export const DATEI_TEXTS = {
  titel: 'Dateien hochladen',
  neuerUpload: 'Neue Datei hochladen',
  dialogTitel: 'Datei hochladen',
  dateiFehlt: 'Bitte wählen Sie eine Datei aus.',
  dateiFeld: 'Die Datei muss im Formularfeld „file“ gesendet werden.',
  dateiZuGross: 'Die Datei ist zu groß (höchstens 10 MB).',
  dateiTyp: 'Bitte laden Sie ein Bild (png, jpg) oder ein PDF hoch.',
  dateiUnlesbar: 'Die Datei konnte nicht gelesen werden.',
  dateinameUngueltig: 'Der Dateiname ist ungültig oder zu lang (höchstens 200 Zeichen).',
  beschreibungZuLang: 'Die Beschreibung darf höchstens 200 Zeichen lang sein.',
  nichtGefunden: 'Die Datei wurde nicht gefunden.',
} as const;

/** Uploaded file (spec 3 section 3: fileName, description, url). */
export const dateiSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  description: z.string(),
  /** Where it is served, on this origin: /api/files/{id}-{name}. */
  url: z.string(),
});
export type Datei = z.infer<typeof dateiSchema>;

export const dateiBeschreibungRule = z.string().trim().max(DATEI_LIMITS.beschreibung, DATEI_TEXTS.beschreibungZuLang);

/** The upload's parts (spec 3: file, description, encrypt): `description` may be absent; `encrypt` is ignored. */
const dateiUpload = multipartUpload({
  file: {
    field: 'file',
    maxBytes: DATEI_LIMITS.bytes,
    missing: DATEI_TEXTS.dateiFehlt,
    wrongField: DATEI_TEXTS.dateiFeld,
    tooLarge: DATEI_TEXTS.dateiZuGross,
  },
  fields: z.object({ description: dateiBeschreibungRule.default(''), encrypt: z.string().optional() }),
});

/** The served name: `{id}-{name}`, where name is letters, digits, dot, hyphen and underscore only. */
export const dateiNameParamSchema = z.object({
  datei: z.string().regex(/^[1-9][0-9]{0,9}-[A-Za-z0-9._-]{1,200}$/, DATEI_TEXTS.nichtGefunden),
});

const tag = 'Dateien';
const errors = [400, 401, 403, 404] as const;

export const dateiEndpoints = {
  liste: endpoint({
    method: 'GET',
    path: '/files/',
    summary: 'Hochgeladene Dateien (Betreiber: Dateien hochladen, Inhalte, Firmen)',
    tag,
    access: operator('DATEIEN_HOCHLADEN', 'INHALT_EDITIEREN', 'BENUTZER_VERWALTEN'),
    response: z.array(dateiSchema),
    errors,
  }),
  hochladen: endpoint({
    method: 'POST',
    path: '/upload/datei',
    summary: 'Öffentliche Datei hochladen (multipart: file, description; encrypt wird ignoriert)',
    tag,
    access: operator('DATEIEN_HOCHLADEN'),
    ...dateiUpload,
    response: dateiSchema,
    errors: [...errors, 413],
  }),
  oeffentlich: endpoint({
    method: 'GET',
    path: '/files/:datei',
    summary: 'Eine hochgeladene Datei (öffentlich: Seitenbilder, PDFs, Firmenlogos)',
    tag,
    access: PUBLIC,
    params: dateiNameParamSchema,
    responseFormat: 'file',
    fileType: 'application/octet-stream',
    errors: [400, 404],
  }),
};
