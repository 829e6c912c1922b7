import { z } from 'zod';
import { endpoint, LOGIN, PUBLIC } from './common/endpoint.ts';
import { loginEmailRule, tokenResponseSchema } from './auth.ts';
import { berlinDay, isIsoDay } from './common/time.ts';
import {
  PASSWORD_MESSAGES,
  emailRule,
  hausnummerRule,
  landRule,
  nachnameRule,
  passwortRule,
  plzRule,
  stadtRule,
  strasseRule,
  vornameRule,
} from './common/rules.ts';

/** Registration, e-mail confirmation and change, password reset and change (spec 1 section 7, spec 2 section 7). */

export const EARLIEST_BIRTHDAY = '1920-01-01';

export const ACCOUNT_MESSAGES = {
  einverstaendnis: 'Sie müssen Ihr Einverständnis zur Videotherapie geben und den Nutzungsbestimmungen zustimmen',
  geburtsdatumLeer: 'Das Geburtsdatum darf nicht leer sein.',
  geburtsdatumBereich: 'Das Geburtsdatum muss zwischen dem 01.01.1920 und heute liegen.',
  geburtsdatumUngueltig: 'Das Geburtsdatum ist kein gültiges Datum.',
  aktuellesPasswortLeer: 'Bitte geben Sie Ihr aktuelles Passwort ein.',
  aktuellesPasswortFalsch: 'Das aktuelle Passwort ist falsch.',
  codeUngueltig: 'Der Link ist ungültig, abgelaufen oder wurde bereits verwendet.',
  emailUnveraendert: 'Die neue E-Mail-Adresse ist Ihre aktuelle.',
  emailVergeben: 'Die gewählte E-Mail-Adresse konnte nicht vergeben werden.',
  emailNichtBestaetigt:
    'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in unserer E-Mail. Erst dann können Sie Termine buchen und bezahlen.',
  emailBereitsBestaetigt: 'Die E-Mail-Adresse ist bereits bestätigt.',
  nurPatienten: 'Bestätigungs-E-Mails gibt es nur für Patientinnen und Patienten.',
  benutzerUnbekannt: 'Zu dieser E-Mail-Adresse gibt es kein Konto.',
  // spec 2, section 8 and the pages of section 2
  registrierungErfolg: 'Die Registrierung war erfolgreich!',
  registrierungBitteBestaetigen:
    'Wir haben Ihnen eine E-Mail geschickt. Bitte bestätigen Sie Ihre E-Mail-Adresse über den Link darin.',
  registrierungFehler:
    'Da ist etwas schiefgelaufen. Bitte überprüfen Sie Ihre Eingaben oder wenden Sie sich an unseren Kontakt.',
  bestaetigungErfolg: 'Die Bestätigung war erfolgreich!',
  bestaetigungFehler: 'Beim Bestätigen ist ein Fehler aufgetreten!',
  // a second click on the link (issue 32 item 7): not an error, the address is confirmed
  bestaetigungBereitsErfolgt: 'Ihre E-Mail-Adresse ist bereits bestätigt.',
  bestaetigungBereitsLogin: 'Sie können sich mit Ihrer E-Mail-Adresse und Ihrem Passwort anmelden.',
  emailResetErfolg: 'Das Zurücksetzen war erfolgreich!',
  // sic: the spec's spelling
  emailResetFehler: 'Beim Zurückseten ist ein Fehler aufgetreten!',
  passwortGesetzt: 'Das Passwort wurde gesetzt. Sie können sich nun mit Ihrem neuen Passwort anmelden.',
  passwortSetzenFehler: 'Beim Setzen des Passworts ist ein Fehler aufgetreten!',
  passwortResetTitel: 'Bitte wählen Sie ein neues Passwort',
} as const;

/** A birthday: an ISO date from 1920-01-01 to today (spec 2, section 5). */
export const geburtsdatumRule = z
  .string()
  .min(1, ACCOUNT_MESSAGES.geburtsdatumLeer)
  .regex(/^\d{4}-\d{2}-\d{2}$/, ACCOUNT_MESSAGES.geburtsdatumUngueltig)
  .refine(isIsoDay, ACCOUNT_MESSAGES.geburtsdatumUngueltig)
  .refine((value) => value >= EARLIEST_BIRTHDAY && value <= berlinDay(), ACCOUNT_MESSAGES.geburtsdatumBereich);

const passwortWiederholenField = z.string().max(200, PASSWORD_MESSAGES.length);

/**
 * The repeat check, on the repeat field. `when` runs it even while other fields are still invalid, so a form shows
 * the mismatch at once rather than after everything else is fixed.
 */
const repeatCheck = {
  message: PASSWORD_MESSAGES.repeat,
  path: ['passwortWiederholen'],
  when: (payload: { value: unknown }) => {
    const value = payload.value as { passwort?: unknown } | null;
    return typeof value?.passwort === 'string';
  },
};

/** The registration form and body (spec 2, sections 3 and 5). The address fields follow the general rules: optional. */
export const registrierenBodySchema = z
  .object({
    vorname: vornameRule,
    nachname: nachnameRule,
    email: emailRule,
    passwort: passwortRule,
    passwortWiederholen: passwortWiederholenField,
    strasse: strasseRule,
    hausnummer: hausnummerRule,
    plz: plzRule,
    stadt: stadtRule,
    land: landRule,
    geburtsdatum: geburtsdatumRule,
    einverstaendnis: z.boolean().refine((v) => v, ACCOUNT_MESSAGES.einverstaendnis),
  })
  .refine((v) => v.passwort === v.passwortWiederholen, repeatCheck);
export type RegistrierenForm = z.input<typeof registrierenBodySchema>;
export type RegistrierenBody = z.output<typeof registrierenBodySchema>;

/** A one-time code from a mail link: 256 random bits in base64url. Anything else cannot be a code. */
export const codeParamSchema = z.object({
  code: z
    .string()
    .min(1, ACCOUNT_MESSAGES.codeUngueltig)
    .max(100, ACCOUNT_MESSAGES.codeUngueltig)
    .regex(/^[A-Za-z0-9_-]+$/, ACCOUNT_MESSAGES.codeUngueltig),
});

/**
 * The new password of the reset page. The repeat is checked when sent (the page always sends it); the spec's call
 * names only passwort.
 */
export const passwortSetzenBodySchema = z
  .object({ passwort: passwortRule, passwortWiederholen: passwortWiederholenField.optional() })
  .refine((v) => v.passwortWiederholen === undefined || v.passwort === v.passwortWiederholen, repeatCheck);
export type PasswortSetzenBody = z.input<typeof passwortSetzenBodySchema>;

/** The current password, asked before the own e-mail or password changes. Not checked against the rules: old passwords still count. */
export const aktuellesPasswortRule = z
  .string()
  .min(1, ACCOUNT_MESSAGES.aktuellesPasswortLeer)
  .max(200, ACCOUNT_MESSAGES.aktuellesPasswortFalsch);

/** POST /patient/email/aendern: the own new address; the change takes effect once the mailed link is followed. */
export const emailAendernBodySchema = z.object({ email: emailRule, aktuellesPasswort: aktuellesPasswortRule });
export type EmailAendernBody = z.input<typeof emailAendernBodySchema>;

/** POST /patient/passwort/aendern: the own new password. */
export const passwortAendernBodySchema = z
  .object({
    passwort: passwortRule,
    passwortWiederholen: passwortWiederholenField.optional(),
    aktuellesPasswort: aktuellesPasswortRule,
  })
  .refine((v) => v.passwortWiederholen === undefined || v.passwort === v.passwortWiederholen, repeatCheck);
export type PasswortAendernBody = z.input<typeof passwortAendernBodySchema>;

/**
 * The answer of POST /patient/passwort/aendern: the change ends every session issued before it, so the caller gets
 * a fresh token for its own. Was `true`; an object is as truthy for clients that only check success.
 */
export const passwortAendernResponseSchema = tokenResponseSchema;
export type PasswortAendernResponse = z.infer<typeof passwortAendernResponseSchema>;

/** The raw e-mail text of the reset request and of "Erneut Senden?" (text/plain or a JSON string). */
export const emailTextBodySchema = emailRule;

/**
 * The reset request of the login dialog: the address as the login asks for it (the same field, the same message);
 * the server checks it with emailTextBodySchema and answers a malformed one like any other failure.
 */
export const passwortResetAnfrageFormSchema = z.object({ email: loginEmailRule });
export type PasswortResetAnfrageForm = z.input<typeof passwortResetAnfrageFormSchema>;

export const emailParamSchema = z.object({ email: emailRule });

export const okResponseSchema = z.literal(true);

/**
 * The confirmation link's answer: BESTAETIGT when this call confirmed the address, BEREITS_BESTAETIGT when the link
 * was used before (or has expired) and the account's address is confirmed, so a second click is no error.
 */
export const emailBestaetigenResponseSchema = z.object({ status: z.enum(['BESTAETIGT', 'BEREITS_BESTAETIGT']) });
export type EmailBestaetigenResponse = z.infer<typeof emailBestaetigenResponseSchema>;
export const confirmedResponseSchema = z.boolean();

const tag = 'Konten';
const publicErrors = [400, 429] as const;
const loggedInErrors = [400, 401, 403, 429] as const;

export const accountsEndpoints = {
  registrieren: endpoint({
    method: 'POST',
    path: '/patient/registrieren',
    summary: 'Registrierung als Patient (Antwort unabhängig davon, ob die Adresse schon ein Konto hat)',
    tag,
    access: PUBLIC,
    body: registrierenBodySchema,
    response: okResponseSchema,
    errors: publicErrors,
  }),
  emailBestaetigen: endpoint({
    method: 'GET',
    path: '/patient/email/bestaetigen/:code',
    summary:
      'E-Mail-Adresse mit dem Code aus der Bestätigungs-E-Mail bestätigen (auch ein zweiter Klick: bereits bestätigt)',
    tag,
    access: PUBLIC,
    params: codeParamSchema,
    response: emailBestaetigenResponseSchema,
    errors: publicErrors,
  }),
  emailAenderungAbschliessen: endpoint({
    method: 'GET',
    path: '/patient/email/reset/:code',
    summary: 'E-Mail-Änderung mit dem Code aus der E-Mail an die neue Adresse abschließen',
    tag,
    access: PUBLIC,
    params: codeParamSchema,
    response: okResponseSchema,
    errors: publicErrors,
  }),
  passwortZuruecksetzen: endpoint({
    method: 'POST',
    path: '/patient/passwort/reset',
    summary: 'Passwort-Zurücksetzen anfordern (Antwort unabhängig davon, ob die Adresse existiert)',
    tag,
    access: PUBLIC,
    body: emailTextBodySchema,
    requestFormat: 'text',
    response: okResponseSchema,
    errors: publicErrors,
  }),
  passwortMitCodeSetzen: endpoint({
    method: 'POST',
    path: '/patient/passwort/reset/:code',
    summary: 'Neues Passwort mit dem Code aus der E-Mail setzen (Zurücksetzen oder erstes Passwort)',
    tag,
    access: PUBLIC,
    params: codeParamSchema,
    body: passwortSetzenBodySchema,
    response: okResponseSchema,
    errors: publicErrors,
  }),
  emailAendern: endpoint({
    method: 'POST',
    path: '/patient/email/aendern',
    summary: 'Eigene E-Mail-Adresse ändern (aktuelles Passwort nötig; wirksam nach Bestätigung)',
    tag,
    access: LOGIN,
    body: emailAendernBodySchema,
    response: okResponseSchema,
    errors: loggedInErrors,
  }),
  passwortAendern: endpoint({
    method: 'POST',
    path: '/patient/passwort/aendern',
    summary:
      'Eigenes Passwort ändern (aktuelles Passwort nötig); beendet alle anderen Sitzungen, die Antwort trägt ein neues Token',
    tag,
    access: LOGIN,
    body: passwortAendernBodySchema,
    response: passwortAendernResponseSchema,
    errors: loggedInErrors,
  }),
  emailBestaetigt: endpoint({
    method: 'GET',
    path: '/patient/email/confirmed/:email',
    summary: 'Ob die E-Mail-Adresse bestätigt ist (Betreiber mit BENUTZER_VERWALTEN oder die eigene)',
    tag,
    access: LOGIN,
    patientList: { kind: 'PROFIL' },
    params: emailParamSchema,
    response: confirmedResponseSchema,
    errors: [...loggedInErrors, 404],
  }),
  bestaetigungErneutSenden: endpoint({
    method: 'POST',
    path: '/patient/email/erneutsenden',
    summary: 'Bestätigungs-E-Mail erneut senden (Betreiber mit BENUTZER_VERWALTEN oder die eigene Adresse)',
    tag,
    access: LOGIN,
    body: emailTextBodySchema,
    requestFormat: 'text',
    response: okResponseSchema,
    errors: [...loggedInErrors, 404],
  }),
};
