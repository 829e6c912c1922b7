import { z } from 'zod';
import { lockedListSchema, roleParamSchema } from './auth.ts';
import { LIMITS } from './common/constants.ts';
import { endpoint, operator } from './common/endpoint.ts';
import { PRIVILEGES, ROLES, type Role } from './common/roles.ts';
import { emailRule, idParam, passwortRule } from './common/rules.ts';

/** Operators' user administration (spec 3 "Operator tools: User lists"; spec 1 section 7 /user/other/...). */

const UNBEKANNTE_ROLLE = 'Unbekannte Rolle.';

/**
 * A role in a request body: its name (`"THERAPEUT"`) or its numeric code (`1`), since the spec says requests send
 * roles as numbers while our paths use names.
 */
export const roleBodySchema = z
  .union(
    [
      z.enum(ROLES),
      z
        .number()
        .int()
        .min(0, UNBEKANNTE_ROLLE)
        .max(ROLES.length - 1, UNBEKANNTE_ROLLE),
    ],
    { message: UNBEKANNTE_ROLLE },
  )
  .transform((value): Role => (typeof value === 'number' ? (ROLES[value] as Role) : value));

/** User list entry (spec 3, section 3): privileges as numeric codes; active is the Aktiv/Gesperrt flag. */
export const benutzerListEntrySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  privileges: z.array(z.number().int()),
  active: z.boolean(),
});
export type BenutzerListEntry = z.infer<typeof benutzerListEntrySchema>;

/**
 * A row of the user list (issue 32 item 5): the entry with the profile's name (empty strings until the person fills
 * it in) and the company's name, so the operator finds people by name, e-mail or company.
 */
export const benutzerZeileSchema = benutzerListEntrySchema.extend({
  vorname: z.string(),
  nachname: z.string(),
  firma: z.string().nullable(),
});
export type BenutzerZeile = z.infer<typeof benutzerZeileSchema>;
export const benutzerListeSchema = z.array(benutzerZeileSchema);

export const userIdParamSchema = z.object({
  id: idParam('Ungültige Benutzer-ID.'),
});

/** POST /user/other/{role}/new: the body is the e-mail text. */
export const neuerBenutzerBodySchema = emailRule;
/** The new user's id, or null when the address could not be given (already taken). */
export const neuerBenutzerResponseSchema = z.number().int().nullable();

/** POST /user/locked/unlock: the e-mails to unlock. */
export const unlockBodySchema = z
  .array(
    z
      .string()
      .trim()
      .max(LIMITS.email, 'E-Mail ist nicht valide.')
      .transform((value) => value.toLowerCase()),
  )
  .max(1000, 'Zu viele Einträge.');

/** POST /user/other/{id}/privileges. HAT_ABO in the list is ignored: the subscription module owns it. */
export const privilegesBodySchema = z.object({
  privileges: z
    .array(
      z
        .number()
        .int()
        .min(0, 'Unbekannte Berechtigung.')
        .max(PRIVILEGES.length - 1, 'Unbekannte Berechtigung.'),
    )
    .max(PRIVILEGES.length * 2, 'Zu viele Berechtigungen.'),
  active: z.boolean(),
});
export type PrivilegesBody = z.input<typeof privilegesBodySchema>;

/** POST /user/other/{id}/email: the e-mail text (spec 1, section 5), stored lower-cased. */
export const adminEmailBodySchema = emailRule;
/** POST /user/other/{id}/password: the password text (spec 1, section 5). */
export const adminPasswordBodySchema = passwortRule;

/** The screen's texts (spec 3, sections 2 and 8). */
export const BENUTZER_TEXTS = {
  neuerBenutzer: (roleLabel: string) => `Neuer ${roleLabel}`,
  neuerBenutzerTitel: (roleLabel: string) => `Neuen ${roleLabel} anlegen.`,
  bitteWarten: 'Bitte warten ...',
  emailNichtVergeben: 'Die gewälte E-Mail-Adresse konnte nicht vergeben werden.',
  unbekannterFehler: 'Es ist ein unbekannter Fehler aufgetreten',
  gesperrteBenutzer: 'Gesperrte Benutzer',
  keineGesperrten: 'Keine gesperrten Benutzer',
  sperrungenAufheben: 'Ausgewählte Sperrungen aufheben',
  aktiv: 'Aktiv',
  gesperrt: 'Gesperrt',
  emailVergeben: 'Diese E-Mail-Adresse ist bereits vergeben.',
  berechtigungNichtVergebbar: 'Diese Berechtigung kann für die Rolle des Benutzers nicht vergeben werden.',
  benutzerNichtGefunden: 'Der Benutzer wurde nicht gefunden.',
} as const;

/** Tab labels of the user list, per role. */
export const ROLE_PLURAL_LABELS: Record<Role, string> = {
  BETREIBER: 'Betreiber',
  THERAPEUT: 'Therapeuten',
  PATIENT: 'Patienten',
};

/** How long the set-password link of an account an operator created stays valid (docs/decisions.md). */
export const PASSWORT_SETZEN_TTL_HOURS = 72;

/** POST /user/other/{id}/email and /password: true once changed. */
export const benutzerOkResponseSchema = z.literal(true);

const tag = 'Benutzer';
const errors = [400, 401, 403, 404] as const;
/** Operators with BENUTZER_VERWALTEN manage accounts (spec 3 section 6; spec 1 section 6). */
const userAdmin = operator('BENUTZER_VERWALTEN');

export const usersEndpoints = {
  gesperrte: endpoint({
    method: 'GET',
    path: '/user/locked/list',
    summary: 'E-Mail-Adressen der nach Fehlversuchen gesperrten Konten',
    tag,
    access: userAdmin,
    patientList: { kind: 'PROFIL' },
    response: lockedListSchema,
    errors: [401, 403],
  }),
  entsperren: endpoint({
    method: 'POST',
    path: '/user/locked/unlock',
    summary: 'Sperrungen nach Fehlversuchen aufheben; Antwort: die verbleibende Liste',
    tag,
    access: userAdmin,
    patientList: { kind: 'PROFIL' },
    body: unlockBodySchema,
    response: lockedListSchema,
    errors,
  }),
  liste: endpoint({
    method: 'POST',
    path: '/benutzerliste',
    summary:
      'Benutzer einer Rolle mit Name und Firma (Rolle als Name oder Zahl im Body); gelöschte Patienten fehlen; aktiv ist falsch bei jeder Sperre',
    tag,
    access: userAdmin,
    patientList: { kind: 'PROFIL' },
    body: roleBodySchema,
    response: benutzerListeSchema,
    errors,
  }),
  anlegen: endpoint({
    method: 'POST',
    path: '/user/other/:role/new',
    summary: 'Benutzer anlegen (Body: die E-Mail); Antwort: die neue ID oder null, wenn die Adresse vergeben ist',
    tag,
    access: userAdmin,
    params: roleParamSchema,
    body: neuerBenutzerBodySchema,
    requestFormat: 'text',
    response: neuerBenutzerResponseSchema,
    errors,
  }),
  berechtigungen: endpoint({
    method: 'POST',
    path: '/user/other/:id/privileges',
    summary: 'Berechtigungen und Aktiv-Status eines anderen Benutzers setzen (gilt ab dessen nächster Anmeldung)',
    tag,
    access: userAdmin,
    patientRecord: {
      kind: 'PROFIL',
      action: 'SCHREIBEN',
      patientParam: 'id',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: userIdParamSchema,
    body: privilegesBodySchema,
    response: benutzerListEntrySchema,
    errors,
  }),
  email: endpoint({
    method: 'POST',
    path: '/user/other/:id/email',
    summary: 'Login-E-Mail eines anderen Benutzers ändern (Body: die E-Mail)',
    tag,
    access: userAdmin,
    patientRecord: {
      kind: 'PROFIL',
      action: 'SCHREIBEN',
      patientParam: 'id',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: userIdParamSchema,
    body: adminEmailBodySchema,
    requestFormat: 'text',
    response: benutzerOkResponseSchema,
    errors,
  }),
  passwort: endpoint({
    method: 'POST',
    path: '/user/other/:id/password',
    summary: 'Passwort eines anderen Benutzers setzen (Body: das Passwort)',
    tag,
    access: userAdmin,
    patientRecord: {
      kind: 'PROFIL',
      action: 'SCHREIBEN',
      patientParam: 'id',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: userIdParamSchema,
    body: adminPasswordBodySchema,
    requestFormat: 'text',
    response: benutzerOkResponseSchema,
    errors,
  }),
};
