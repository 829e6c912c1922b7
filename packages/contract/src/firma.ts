import { z } from 'zod';
import { idParam, MAX_LENGTH_MESSAGE } from './common/rules.ts';
import { endpoint, LOGIN, operator } from './common/endpoint.ts';

/** Companies (spec 3 "Company admin", spec 1 section 7 "Companies"). */

export const FIRMA_LIMITS = { bezeichner: 50, logoPath: 255, logoLink: 255 } as const;

/** firmaId that removes a user's company affiliation (spec 1, section 5). */
export const KEINE_FIRMA_ID = -1;
export const KEINE_FIRMA_LABEL = 'Keine Firmenzugehörigkeit';

export const FIRMA_TEXTS = {
  titelLeer: 'Der Titel darf nicht leer sein.',
  titelVergeben: 'Eine Firma mit diesem Titel existiert bereits.',
  nichtGefunden: 'Die Firma wurde nicht gefunden.',
  linkUngueltig: 'Der Link muss mit https://, http:// oder / beginnen.',
  pfadUngueltig: 'Der Logo-Pfad muss eine Datei dieser Seite sein und mit / beginnen.',
} as const;

/** An optional text field with a shape rule; empty is stored as null. */
const optionalLinkField = (max: number, shape: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(max, MAX_LENGTH_MESSAGE)
    .refine((value) => value === '' || shape.test(value), message)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * The logo is a file of our own site (the CSP loads images only from our origin); the link an http(s) address or a
 * page of ours. Neither may be javascript: or data:.
 */
const logoPathRule = optionalLinkField(FIRMA_LIMITS.logoPath, /^\/(?!\/)/, FIRMA_TEXTS.pfadUngueltig);
const logoLinkRule = optionalLinkField(FIRMA_LIMITS.logoLink, /^(https?:\/\/|\/(?!\/))/i, FIRMA_TEXTS.linkUngueltig);

/** The editable fields of a company (spec 3, section 5: name required, max 50; logo path and link up to 255). */
export const firmaFieldsSchema = z.object({
  bezeichner: z.string().trim().min(1, FIRMA_TEXTS.titelLeer).max(FIRMA_LIMITS.bezeichner, MAX_LENGTH_MESSAGE),
  hatLogo: z.boolean().default(false),
  statistikSchreiben: z.boolean().default(false),
  logoPath: logoPathRule,
  logoLink: logoLinkRule,
  /** Open the logo link in a new tab. */
  linkTarget: z.boolean().default(false),
});
export type FirmaFields = z.input<typeof firmaFieldsSchema>;

const firmaIdSchema = z.number({ message: 'Ungültige Firmen-ID.' }).int().positive('Ungültige Firmen-ID.');

/** POST /firma/update: the company with its id. */
export const firmaUpdateBodySchema = firmaFieldsSchema.extend({ id: firmaIdSchema });
/** POST /firma/entfernen. */
export const firmaIdBodySchema = z.object({ id: firmaIdSchema });

/** A company with every field (operators' list, spec 3 section 3). */
export const firmaSchema = z.object({
  id: z.number().int(),
  bezeichner: z.string(),
  hatLogo: z.boolean(),
  statistikSchreiben: z.boolean(),
  logoPath: z.string().nullable(),
  logoLink: z.string().nullable(),
  linkTarget: z.boolean(),
});
export type Firma = z.infer<typeof firmaSchema>;
export const firmaListeSchema = z.array(firmaSchema);

/** A company affiliation as users see it (spec 1, section 3: id, bezeichner). */
export const firmaKurzSchema = z.object({ id: z.number().int(), bezeichner: z.string() });
export type FirmaKurz = z.infer<typeof firmaKurzSchema>;
export const firmaKurzListeSchema = z.array(firmaKurzSchema);
/**
 * The affiliation of a user, or null without one; with the company's logo (spec 3 company fields), which the profile
 * shows beside the name (optional: answers of older servers lack it).
 */
export const firmaZugehoerigkeitSchema = firmaKurzSchema
  .extend({
    logoPath: z.string().nullable().optional(),
    logoLink: z.string().nullable().optional(),
    linkTarget: z.boolean().optional(),
  })
  .nullable();
export type FirmaZugehoerigkeit = NonNullable<z.infer<typeof firmaZugehoerigkeitSchema>>;

const userIdSchema = z.number({ message: 'Ungültige Benutzer-ID.' }).int().positive('Ungültige Benutzer-ID.');
const zuweisungFirmaIdSchema = z
  .number({ message: 'Ungültige Firmen-ID.' })
  .int()
  .refine((id) => id === KEINE_FIRMA_ID || id > 0, 'Ungültige Firmen-ID.');
/** Informational only: the server goes by firmaId. */
const bezeichnerEchoSchema = z.string().max(200).optional();

/** POST /firma/setzen/patient: firmaId -1 removes the affiliation. patientId is the patient's user id. */
export const firmaSetzenPatientBodySchema = z.object({
  bezeichner: bezeichnerEchoSchema,
  firmaId: zuweisungFirmaIdSchema,
  patientId: userIdSchema,
});
/** POST /firma/setzen/therapeut: firmaId -1 removes the affiliation. therapeutId is the therapist's user id. */
export const firmaSetzenTherapeutBodySchema = z.object({
  bezeichner: bezeichnerEchoSchema,
  firmaId: zuweisungFirmaIdSchema,
  therapeutId: userIdSchema,
});

export const firmaUserIdParamSchema = z.object({
  id: idParam('Ungültige Benutzer-ID.'),
});

const tag = 'Firmen';
const errors = [400, 401, 403, 404] as const;
/** Company admin and assignments: BENUTZER_VERWALTEN (spec 1 section 6, spec 3 section 6). */
const firmenAdmin = operator('BENUTZER_VERWALTEN');

export const firmaEndpoints = {
  alle: endpoint({
    method: 'GET',
    path: '/firma/alle',
    summary: 'Alle Firmen mit allen Feldern',
    tag,
    access: operator(),
    response: firmaListeSchema,
    errors,
  }),
  alleKurz: endpoint({
    method: 'GET',
    path: '/firma/alle/terminEditieren',
    summary: 'ID und Name aller Firmen',
    tag,
    access: operator('TERMINE_EDITIEREN', 'BENUTZER_VERWALTEN'),
    response: firmaKurzListeSchema,
    errors,
  }),
  meine: endpoint({
    method: 'GET',
    path: '/firma/meine',
    summary: 'Die eigene Firmenzugehörigkeit oder null',
    tag,
    access: LOGIN,
    response: firmaZugehoerigkeitSchema,
    errors,
  }),
  einePatient: endpoint({
    method: 'GET',
    path: '/firma/eine/patient/:id',
    summary: 'Firmenzugehörigkeit eines Patienten (Betreiber oder der Benutzer selbst)',
    tag,
    access: LOGIN,
    patientRecord: {
      kind: 'PROFIL',
      action: 'LESEN',
      patientParam: 'id',
      // the company decides how a patient pays: every task on the patient's profile page and booking needs it
      operatorPrivileges: [
        'BENUTZER_VERWALTEN',
        'GUTHABEN_AENDERN',
        'ABOPAKETE_VERWALTEN',
        'PATIENT_LOESCHEN',
        'TERMINE_EDITIEREN',
        'PATIENT_TERMINE_BUCHEN',
      ],
    },
    params: firmaUserIdParamSchema,
    response: firmaZugehoerigkeitSchema,
    errors,
  }),
  eineTherapeut: endpoint({
    method: 'GET',
    path: '/firma/eine/therapeut/:id',
    summary: 'Firmenzugehörigkeit eines Therapeuten (Betreiber oder der Benutzer selbst)',
    tag,
    access: LOGIN,
    params: firmaUserIdParamSchema,
    response: firmaZugehoerigkeitSchema,
    errors,
  }),
  neu: endpoint({
    method: 'POST',
    path: '/firma/neu',
    summary: 'Firma anlegen',
    tag,
    access: firmenAdmin,
    body: firmaFieldsSchema,
    response: firmaSchema,
    errors,
  }),
  update: endpoint({
    method: 'POST',
    path: '/firma/update',
    summary: 'Firma ändern',
    tag,
    access: firmenAdmin,
    body: firmaUpdateBodySchema,
    response: firmaSchema,
    errors,
  }),
  entfernen: endpoint({
    method: 'POST',
    path: '/firma/entfernen',
    summary: 'Firma löschen; ihre Benutzer und Seiten verlieren die Zuordnung',
    tag,
    access: firmenAdmin,
    body: firmaIdBodySchema,
    response: z.literal(true),
    errors,
  }),
  setzenPatient: endpoint({
    method: 'POST',
    path: '/firma/setzen/patient',
    summary: 'Firma eines Patienten setzen (firmaId -1 entfernt die Zugehörigkeit)',
    tag,
    access: firmenAdmin,
    patientRecord: {
      kind: 'PROFIL',
      action: 'SCHREIBEN',
      patientBody: 'patientId',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    body: firmaSetzenPatientBodySchema,
    response: firmaZugehoerigkeitSchema,
    errors,
  }),
  setzenTherapeut: endpoint({
    method: 'POST',
    path: '/firma/setzen/therapeut',
    summary: 'Firma eines Therapeuten setzen (firmaId -1 entfernt die Zugehörigkeit)',
    tag,
    access: firmenAdmin,
    body: firmaSetzenTherapeutBodySchema,
    response: firmaZugehoerigkeitSchema,
    errors,
  }),
};
