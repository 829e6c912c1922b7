import { z } from 'zod';
import { endpoint, operator, PUBLIC } from './common/endpoint.ts';
import { idParam, MAX_LENGTH_MESSAGE } from './common/rules.ts';
import { INHALT_TEXTS, withoutNul } from './inhalt.ts';

/** Link target kinds of a navigation entry (spec 1, section 2.3). */
export const URL_TYPES = [
  'SEITE',
  'PROFIL',
  'THERAPEUT_TERMINE',
  'PATIENT_TERMINE',
  'APP',
  'WARTERAUM',
  'EXTERN',
] as const;
export type UrlType = (typeof URL_TYPES)[number];

/** App routes a navigation entry may link to directly (spec 1, section 2.3). */
export const NAVIGABLE_APP_PATHS = [
  '/navigation',
  '/therapeut/trainingsplanvorlagen',
  '/betreiber/fragebogen',
  '/betreiber/upload',
  '/betreiber/termine',
  '/betreiber/benutzer/liste',
  '/verbindungstest',
  '/anamnese',
  '/betreiber/uebungen',
  '/betreiber/firmenverwaltung',
  '/videos',
  '/betreiber/verwaltung',
  '/patient/trainingsplan',
  '/patient/abo',
  '/patient/guthaben',
  '/betreiber/abo/pakete',
  '/patient/rezepte',
  '/betreiber/rezepte',
  '/betreiber/statistik',
] as const;

export const urlDtoSchema = z.object({
  urlType: z.enum(URL_TYPES),
  ziel: z.string(),
  statisch: z.boolean(),
  params: z.record(z.string(), z.string()).optional(),
});
export type UrlDto = z.infer<typeof urlDtoSchema>;

export interface NavigationNode {
  id: number | string;
  titel: string;
  type: 'menue' | 'eintrag';
  kinder?: NavigationNode[];
  aktiv?: boolean;
  urlDto?: UrlDto;
  toCreate?: boolean;
}

export const navigationNodeSchema: z.ZodType<NavigationNode> = z.lazy(() =>
  z.object({
    id: z.union([z.number().int(), z.string()]),
    titel: z.string(),
    type: z.enum(['menue', 'eintrag']),
    kinder: z.array(navigationNodeSchema).optional(),
    aktiv: z.boolean().optional(),
    urlDto: urlDtoSchema.optional(),
    toCreate: z.boolean().optional(),
  }),
);
export const navigationTreeSchema = z.array(navigationNodeSchema);

/** Resolves a link target to the address the browser opens (spec 1, section 2.3). */
export function resolveNavigationLink(url: UrlDto): { href: string; external: boolean } {
  const suffix = url.ziel ? `/${encodeURIComponent(url.ziel)}` : '';
  switch (url.urlType) {
    case 'SEITE':
      return { href: url.statisch ? `/${url.ziel}` : `/inhalt/${url.ziel}`, external: false };
    case 'PROFIL':
      return { href: `/profil${suffix}`, external: false };
    case 'THERAPEUT_TERMINE':
      return { href: `/therapeut/termine${suffix}`, external: false };
    case 'PATIENT_TERMINE': {
      const query = new URLSearchParams({ ...(url.ziel ? { id: url.ziel } : {}), ...url.params });
      const text = query.toString();
      return { href: text ? `/patient/termine?${text}` : '/patient/termine', external: false };
    }
    case 'APP':
      return { href: url.ziel, external: false };
    case 'WARTERAUM':
      return { href: `/video/therapie/patient${suffix}`, external: false };
    case 'EXTERN':
      return { href: url.ziel, external: true };
  }
}

/* ---- Navigation editor (spec 3 "Navigation editor", sections 4, 5, 7 and 9) ---- */

export const NAVIGATION_LIMITS = {
  /** Menu levels (spec 3, section 9). */
  tiefe: 3,
  titel: 100,
  /** Nodes in one tree: far above any real menu, it bounds the work of one save. */
  knoten: 1000,
} as const;

export const NAVIGATION_TEXTS = {
  titelLeer: 'Titel darf nicht leer sein.',
  zuTief: `Das Menü darf höchstens ${NAVIGATION_LIMITS.tiefe} Ebenen tief sein.`,
  zuGross: 'Das Menü hat zu viele Einträge.',
  zyklus: 'Der Menübaum enthält einen Zyklus: ein Menü liegt in sich selbst.',
  doppelt: 'Ein Menüeintrag kommt im Menübaum mehrfach vor.',
  unbekannt: 'Der Menübaum enthält einen unbekannten Eintrag. Bitte laden Sie das Menü neu.',
  fehlendeKinderListe: 'Nur Menüs können Einträge enthalten.',
  typGeaendert: 'Ein Menü kann nicht zu einer Seite werden und umgekehrt.',
  neueSeiteOhneUrl: 'Eine neue Seite braucht eine Url.',
  hauptmenueNichtLeer: 'Ein Hauptmenü kann nur gelöscht werden, wenn es leer ist.',
  statischNichtLoeschbar: 'Statische Seiten können nicht gelöscht werden.',
  konflikt:
    'Das Menü wurde inzwischen von jemand anderem gespeichert. Bitte laden Sie es neu (Abbrechen) und wiederholen Sie Ihre Änderungen.',
  seiteNichtLoeschbar:
    'Mindestens eine der Seiten ist statisch, noch im Menü oder existiert nicht mehr; es wurde nichts gelöscht.',
  seiteNichtImPapierkorb: 'Die Seite liegt nicht im Papierkorb.',
  // spec 3, section 8
  erfolgTitel: 'Erfolg!',
  erfolgText: 'Die Änderungen wurden erfolgreich gespeichert.',
  fehlerTitel: 'Fehler!',
  // spec 3 says 'bitte versuche es erneut'; issue 32 item 6: every text says Sie
  fehlerText: 'Beim Speichern der Änderungen ist ein Fehler aufgetreten, bitte versuchen Sie es erneut.',
} as const;

/** A temporary id of a node created in the editor: n plus a counter (spec 3 "Navigation editor"). */
export const TEMP_NODE_ID = /^n[0-9]{1,9}$/;

const nodeIdSchema = z.union([
  z.number().int().positive('Ungültige Knoten-ID.'),
  z.string().regex(TEMP_NODE_ID, 'Ungültige Knoten-ID.'),
]);

const editNodeFields = {
  id: nodeIdSchema,
  titel: z
    .string()
    .trim()
    .min(1, NAVIGATION_TEXTS.titelLeer)
    .max(NAVIGATION_LIMITS.titel, MAX_LENGTH_MESSAGE)
    .refine(withoutNul, INHALT_TEXTS.titelZeichen),
  type: z.enum(['menue', 'eintrag']),
  aktiv: z.boolean().optional(),
  urlDto: urlDtoSchema.optional(),
  toCreate: z.boolean().optional(),
};

/**
 * The tree a save sends, spelled out level by level instead of recursively: parsing cannot recurse deeper than
 * four levels however the JSON is nested, and the server answers the fourth level with NAVIGATION_TEXTS.zuTief.
 */
const level4NodeSchema = z.object(editNodeFields).loose();
const level3NodeSchema = z.object({ ...editNodeFields, kinder: z.array(level4NodeSchema).optional() });
const level2NodeSchema = z.object({ ...editNodeFields, kinder: z.array(level3NodeSchema).optional() });
const level1NodeSchema = z.object({ ...editNodeFields, kinder: z.array(level2NodeSchema).optional() });

/** GET /navigation/edit: the whole tree with inactive pages, its version, and every url a page holds (trash too). */
export const navigationEditSchema = z.object({
  version: z.number().int().min(0),
  baum: navigationTreeSchema,
  belegteUrls: z.array(z.string()),
});
export type NavigationEdit = z.infer<typeof navigationEditSchema>;

/** POST /navigation/edit: the whole tree and the version it was loaded at (optimistic concurrency). */
export const navigationSaveBodySchema = z.object({
  version: z.number().int().min(0),
  baum: z.array(level1NodeSchema),
});
export type NavigationSaveBody = z.input<typeof navigationSaveBodySchema>;

/** A page that is no longer in the menu: offered for the trash or for final deletion. */
export const pageToDeleteSchema = z.object({ id: z.number().int(), titel: z.string(), url: z.string() });
export type PageToDelete = z.infer<typeof pageToDeleteSchema>;
export const pagesToDeleteSchema = z.array(pageToDeleteSchema);

/** POST /navigation/trash: pages out of the menu go to the trash, or (final) are deleted for good. */
export const trashBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(NAVIGATION_LIMITS.knoten),
  final: z.boolean(),
});
export type TrashBody = z.infer<typeof trashBodySchema>;

/** GET /navigation/trash: the trashed pages, newest first. */
export const trashEntrySchema = pageToDeleteSchema.extend({ geloeschtAm: z.string() });
export type TrashEntry = z.infer<typeof trashEntrySchema>;
export const trashListSchema = z.array(trashEntrySchema);

export const trashIdParamSchema = z.object({ id: idParam('Ungültige Seiten-ID.') });

/** GET /navigation/emptytrash: how many pages were deleted for good. */
export const emptyTrashResponseSchema = z.object({ geloescht: z.number().int() });

/** The menu tree and its pages are the navigation editors' (spec 3, section 6). */
const editor = operator('NAVIGATION_EDITIEREN');
const tag = 'Navigation';
const errors = [400, 401, 403] as const;

export const navigationEndpoints = {
  baum: endpoint({
    method: 'GET',
    path: '/navigation',
    summary: 'Menübaum, gefiltert für den Betrachter',
    tag,
    access: PUBLIC,
    reads: ['MENUE'],
    response: navigationTreeSchema,
    errors: [401],
  }),
  bearbeiten: endpoint({
    method: 'GET',
    path: '/navigation/edit',
    summary: 'Der ganze Menübaum (mit inaktiven Seiten) und seine Version',
    tag,
    access: editor,
    response: navigationEditSchema,
    errors,
  }),
  speichern: endpoint({
    method: 'POST',
    path: '/navigation/edit',
    summary:
      'Den ganzen Menübaum speichern (409 bei veralteter Version); Antwort: Seiten, die in keinem Menü mehr stehen',
    tag,
    access: editor,
    body: navigationSaveBodySchema,
    response: pagesToDeleteSchema,
    errors: [...errors, 409],
  }),
  papierkorb: endpoint({
    method: 'GET',
    path: '/navigation/trash',
    summary: 'Seiten im Papierkorb',
    tag,
    access: editor,
    response: trashListSchema,
    errors,
  }),
  entsorgen: endpoint({
    method: 'POST',
    path: '/navigation/trash',
    summary: 'Seiten ohne Menüeintrag in den Papierkorb legen oder (final) endgültig löschen',
    tag,
    access: editor,
    body: trashBodySchema,
    response: z.literal(true),
    errors,
  }),
  wiederherstellen: endpoint({
    method: 'POST',
    path: '/navigation/trash/restore/:id',
    summary: 'Seite aus dem Papierkorb wiederherstellen (Menüeintrag am Ende der obersten Ebene)',
    tag,
    access: editor,
    params: trashIdParamSchema,
    response: z.literal(true),
    errors: [...errors, 404],
  }),
  papierkorbLeeren: endpoint({
    method: 'GET',
    path: '/navigation/emptytrash',
    summary: 'Papierkorb leeren: alle Seiten darin endgültig löschen',
    tag,
    access: editor,
    response: emptyTrashResponseSchema,
    errors,
  }),
};
