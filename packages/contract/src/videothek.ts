import { z } from 'zod';
import { endpoint, operator, PUBLIC, roles } from './common/endpoint.ts';
import { idField, idParam, MAX_LENGTH_MESSAGE } from './common/rules.ts';
import { isVideoUrl, VIDEO_URL_MESSAGE } from './common/video-url.ts';

/** The video library (spec 3 "Video library", sections 3, 5, 7, 8). */

export const VIDEO_LIMITS = { titel: 100, kurzbeschreibung: 200, vimeolink: 200, langtext: 10_000, seite: 50 } as const;

export const VIDEOTHEK_TEXTS = {
  // spec 3, section 5
  titelLeer: 'Der Titel darf nicht leer sein.',
  kurzbeschreibungLeer: 'Die Kurzbeschreibung darf nicht leer sein.',
  linkLeer: 'Der Link darf nicht leer sein.',
  // spec 3, section 8; its success texts ('Speichern erfolgreich!', 'Erfolgreich erstellt.') gave way to the save
  // snackbar that names the video (issue 32 item 2)
  ladeFehler: 'Verbindungfehler zum Server!',
  fehler: 'Da ist leider etwas schiefgelaufen...',
  erstellenFehler: 'Fehler beim Erstellen...',
  firmenFehler: 'Fehler beim Abruf der Firmen.',
  // our own
  nichtGefunden: 'Das Video wurde nicht gefunden.',
  firmaUnbekannt: 'Eine der gewählten Firmen gibt es nicht.',
  geloescht: 'Das Video wurde gelöscht.',
} as const;

const text = (empty: string, max: number) =>
  z.string({ message: empty }).trim().min(1, empty).max(max, MAX_LENGTH_MESSAGE);

/** POST /video/betreiber/create (spec 3 section 7; vimeobild is ours: the server fetches the thumbnail). */
export const videoFieldsSchema = z.object({
  titel: text(VIDEOTHEK_TEXTS.titelLeer, VIDEO_LIMITS.titel),
  kurzbeschreibung: text(VIDEOTHEK_TEXTS.kurzbeschreibungLeer, VIDEO_LIMITS.kurzbeschreibung),
  vimeolink: text(VIDEOTHEK_TEXTS.linkLeer, VIDEO_LIMITS.vimeolink).refine(isVideoUrl, VIDEO_URL_MESSAGE),
  langtext: z.string().max(VIDEO_LIMITS.langtext, MAX_LENGTH_MESSAGE).default(''),
  /** Companies whose patients see the video; empty: every patient. */
  firmen: z.array(idField('Ungültige Firmen-ID.')).max(100).default([]),
});
export type VideoFields = z.input<typeof videoFieldsSchema>;
export const videoCreateBodySchema = videoFieldsSchema.strict();
export const videoSaveBodySchema = videoFieldsSchema.extend({ id: idField('Ungültige Video-ID.') }).strict();

export const videoSchema = z.object({
  id: z.number().int(),
  titel: z.string(),
  kurzbeschreibung: z.string(),
  vimeolink: z.string(),
  /** Our copy of the host's thumbnail, or null. */
  vimeobild: z.string().nullable(),
  langtext: z.string(),
  firmen: z.array(z.number().int()),
  firmaVideo: z.boolean(),
  /** ISO timestamp of the creation. */
  datum: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

const tag = 'Videothek';
const errors = [400, 401, 403, 404] as const;
const bearbeiten = operator('VIDEOS_BEARBEITEN');

export const videothekEndpoints = {
  betreiberListe: endpoint({
    method: 'GET',
    path: '/video/betreiber',
    summary: 'Alle Videos (Betreiberansicht)',
    tag,
    access: operator(),
    response: z.array(videoSchema),
    errors,
  }),
  therapeutListe: endpoint({
    method: 'GET',
    path: '/video/therapeut',
    summary: 'Alle Videos (Therapeutenansicht)',
    tag,
    access: roles(['THERAPEUT']),
    response: z.array(videoSchema),
    errors,
  }),
  patientListe: endpoint({
    method: 'GET',
    path: '/video/patient',
    summary: 'Videos ohne Firma und die der eigenen Firma',
    tag,
    access: roles(['PATIENT']),
    response: z.array(videoSchema),
    errors,
  }),
  anlegen: endpoint({
    method: 'POST',
    path: '/video/betreiber/create',
    summary: 'Video anlegen (das Vorschaubild holt der Server)',
    tag,
    access: bearbeiten,
    body: videoCreateBodySchema,
    response: videoSchema,
    errors,
  }),
  speichern: endpoint({
    method: 'POST',
    path: '/video/betreiber/save',
    summary: 'Video ändern',
    tag,
    access: bearbeiten,
    body: videoSaveBodySchema,
    response: videoSchema,
    errors,
  }),
  loeschen: endpoint({
    method: 'POST',
    path: '/video/betreiber/delete',
    summary: 'Video löschen',
    tag,
    access: bearbeiten,
    body: z.object({ id: idField('Ungültige Video-ID.') }).strict(),
    response: z.object({ id: z.number().int() }),
    errors,
  }),
  firmen: endpoint({
    method: 'GET',
    path: '/firma/allevideo',
    summary: 'Firmen zur Auswahl eines Videos',
    tag,
    access: bearbeiten,
    response: z.array(z.object({ id: z.number().int(), bezeichner: z.string() })),
    errors,
  }),
  vorschau: endpoint({
    method: 'GET',
    path: '/video/vorschau/:id',
    summary: 'Unsere Kopie des Vorschaubilds eines Videos',
    tag,
    access: PUBLIC,
    params: z.object({ id: idParam('Ungültige Video-ID.') }),
    responseFormat: 'file',
    fileType: 'image/jpeg',
    errors: [400, 404],
  }),
};
