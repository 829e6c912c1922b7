import { z } from 'zod';
import { endpoint, operator, PUBLIC } from './common/endpoint.ts';
import { MAX_LENGTH_MESSAGE } from './common/rules.ts';
import { PRIVILEGES, PRIVILEGES_BY_ROLE, ROLES, privilegeCode, type Privilege } from './common/roles.ts';

/** Content pages (spec 3 "Content page", sections 3 and 5). */

export const INHALT_LIMITS = {
  titel: 100,
  url: 100,
  bild: 255,
  /** Characters of HTML; the request body limit (1 MiB) is reached first for most pages. */
  inhalt: 500_000,
  /** The rich-text editor's height in pixels (spec 3, section 9). */
  editorHoehe: 800,
} as const;

export const INHALT_TEXTS = {
  titelLeer: 'Titel darf nicht leer sein.',
  titelZeichen: 'Der Titel enthält unzulässige Zeichen.',
  urlLeer: 'Url darf nicht leer sein.',
  urlZeichen: 'Die Url enthält unzulässige Zeichen.',
  urlBelegt: 'Diese Url ist schon belegt.',
  bildPfad: 'Das Bild muss eine Datei dieser Seite sein und mit / beginnen.',
  inhaltZuLang: 'Der Inhalt ist zu lang.',
  firmaUnbekannt: 'Die Firma wurde nicht gefunden.',
  rechtUnbekannt: 'Unbekannte Berechtigung.',
  rolleUnbekannt: 'Unbekannte Rolle.',
  keineFirma: 'Keine Firma',
} as const;

/** GET /inhalt/{url}: a content page as the visitor sees it (HTML already sanitized by the server). */
export const pageContentSchema = z.object({
  titel: z.string(),
  bild: z.string().nullable(),
  inhalt: z.string(),
  statischeUrl: z.boolean(),
});
export type PageContent = z.infer<typeof pageContentSchema>;

/**
 * A page url: letters, digits, - and _ only, so it is one path segment (no slashes, spaces or dots) and safe in
 * /inhalt/{url} and in the menu.
 */
export const pageUrlRule = z
  .string()
  .min(1, INHALT_TEXTS.urlLeer)
  .max(INHALT_LIMITS.url, 'Die Url ist zu lang.')
  .regex(/^[A-Za-z0-9_-]+$/, INHALT_TEXTS.urlZeichen);

export const pageUrlParamSchema = z.object({ url: pageUrlRule });

/** No NUL character: PostgreSQL cannot store it in text, and no real input has one. */
export const withoutNul = (value: string): boolean => !value.includes('\u0000');

export const pageTitelRule = z
  .string()
  .trim()
  .min(1, INHALT_TEXTS.titelLeer)
  .max(INHALT_LIMITS.titel, MAX_LENGTH_MESSAGE)
  .refine(withoutNul, INHALT_TEXTS.titelZeichen);

/** The page image: a file of our own site (the CSP loads images only from our origin); empty is stored as null. */
export const pageBildRule = z
  .string()
  .trim()
  .max(INHALT_LIMITS.bild, MAX_LENGTH_MESSAGE)
  .refine((value) => value === '' || (/^\/(?!\/)\S*$/.test(value) && withoutNul(value)), INHALT_TEXTS.bildPfad)
  .nullish()
  .transform((value) => (value ? value : null));

const uniqueSorted = (codes: number[]) => [...new Set(codes)].sort((a, b) => a - b);

const privilegeCodesRule = z
  .array(
    z
      .number()
      .int()
      .refine((code) => code >= 0 && code < PRIVILEGES.length, INHALT_TEXTS.rechtUnbekannt),
  )
  .max(PRIVILEGES.length * 2)
  .transform(uniqueSorted);
const roleCodesRule = z
  .array(
    z
      .number()
      .int()
      .refine((code) => code >= 0 && code < ROLES.length, INHALT_TEXTS.rolleUnbekannt),
  )
  .max(ROLES.length * 2)
  .transform(uniqueSorted);

/** GET /inhalt/{url}/edit: who may see the page (privilege and role codes; firmaId null = every company). */
export const pageMetaSchema = z.object({
  berechtigte: z.array(z.number().int()),
  aktiv: z.boolean(),
  oeffentlich: z.boolean(),
  firmaId: z.number().int().nullable(),
  berechtigteRollen: z.array(z.number().int()),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/**
 * POST /inhalt/{url}/edit: the page save payload (spec 3, section 3). A static page takes only titel, bild and
 * inhalt; the other fields are ignored for it. The HTML is sanitized by the server before it is stored.
 */
export const pageSaveBodySchema = z.object({
  titel: pageTitelRule,
  bild: pageBildRule,
  inhalt: z.string().max(INHALT_LIMITS.inhalt, INHALT_TEXTS.inhaltZuLang),
  url: pageUrlRule,
  aktiv: z.boolean(),
  berechtigte: privilegeCodesRule,
  oeffentlich: z.boolean(),
  berechtigteRollen: roleCodesRule,
  firmaId: z.number().int().positive(INHALT_TEXTS.firmaUnbekannt).nullable(),
});
export type PageSaveBody = z.input<typeof pageSaveBodySchema>;

/** The answer of a save: the page as served now, with its (possibly new) url. */
export const pageSavedSchema = pageContentSchema.extend({ url: z.string() });
export type PageSaved = z.infer<typeof pageSavedSchema>;

/**
 * The role that alone holds each privilege: the privileges grantable to a role (PRIVILEGES_BY_ROLE), and HAT_ABO,
 * which only patients get (from their subscription).
 */
const ROLE_OF_PRIVILEGE = new Map<number, number>([
  [privilegeCode('HAT_ABO'), ROLES.indexOf('PATIENT')],
  ...ROLES.flatMap((role, roleIndex) =>
    PRIVILEGES_BY_ROLE[role].map((privilege: Privilege) => [privilegeCode(privilege), roleIndex] as [number, number]),
  ),
]);

/**
 * Privilege codes implied by the chosen roles: a privilege is only ever held by users of one role, so when that
 * role may already see the page, allowing the privilege too changes nothing.
 */
export const privilegesImpliedByRoles = (roleCodes: readonly number[]): number[] =>
  [...ROLE_OF_PRIVILEGE.entries()].filter(([, role]) => roleCodes.includes(role)).map(([code]) => code);

/** The privileges the page editor offers: all of them (GET /authority 'privileges') minus those implied by the roles. */
export function privilegesOfferedForPage(allPrivileges: readonly number[], roleCodes: readonly number[]): number[] {
  const implied = new Set(privilegesImpliedByRoles(roleCodes));
  return allPrivileges.filter((code) => !implied.has(code));
}

/** Editing pages is the navigation editors' right (spec 3, section 6). */
const editor = operator('NAVIGATION_EDITIEREN');
const errors = [400, 401, 403, 404] as const;

export const inhaltEndpoints = {
  seite: endpoint({
    method: 'GET',
    path: '/inhalt/:url',
    summary: 'Inhaltsseite (Titel, Bild, bereinigtes HTML)',
    tag: 'Inhalt',
    access: PUBLIC,
    params: pageUrlParamSchema,
    response: pageContentSchema,
    errors,
  }),
  meta: endpoint({
    method: 'GET',
    path: '/inhalt/:url/edit',
    summary: 'Zugriffsregeln einer Seite für den Editor',
    tag: 'Inhalt',
    access: editor,
    params: pageUrlParamSchema,
    response: pageMetaSchema,
    errors,
  }),
  speichern: endpoint({
    method: 'POST',
    path: '/inhalt/:url/edit',
    summary: 'Seite speichern (HTML wird vor dem Speichern bereinigt; statische Seiten nur Titel, Bild, Inhalt)',
    tag: 'Inhalt',
    access: editor,
    // a page's title, address and access rules show in the menu
    changes: ['MENUE'],
    params: pageUrlParamSchema,
    body: pageSaveBodySchema,
    response: pageSavedSchema,
    errors,
  }),
};
