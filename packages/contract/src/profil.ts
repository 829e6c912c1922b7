import { z } from 'zod';
import { geburtsdatumRule } from './accounts.ts';
import { LIMITS } from './common/constants.ts';
import { endpoint, LOGIN, multipartUpload, operator, roles } from './common/endpoint.ts';
import { ROLES } from './common/roles.ts';
import {
  MAX_LENGTH_MESSAGE,
  hausnummerRule,
  idParam,
  landRule,
  nachnameRule,
  plzRule,
  stadtRule,
  strasseRule,
  vornameRule,
} from './common/rules.ts';

/** Profiles, documentation, the therapist directory and the patient lookups (spec 1 sections 2.6, 2.7, 3, 7; spec 2 section 7). */

/** View types of the profile screen (spec 1, section 2.6); MY_PROFIL 0 and BETREIBER_VIEW 1 are the spec's numbers. */
export const PROFIL_VIEW = { MY_PROFIL: 0, BETREIBER_VIEW: 1, PATIENTEN_VIEW: 2, THERAPEUTEN_VIEW: 3 } as const;
export type ProfilView = keyof typeof PROFIL_VIEW;

/** Limits the spec leaves open (docs/decisions.md). */
export const PROFIL_LIMITS = {
  telefon: 30,
  /** The operators' general remarks on a patient. */
  bemerkung: 2000,
  /** One documentation entry. */
  beitrag: 5000,
  /** Profile photo upload, in bytes. */
  profilbildBytes: 5 * 1024 * 1024,
} as const;

export const PROFIL_TEXTS = {
  aenderungenSpeichern: 'Änderungen Speichern?',
  bestaetigt: 'Wurde Bestätigt.',
  ausstehend: 'Steht noch aus...',
  erneutSenden: 'Erneut Senden?',
  verzeichnisTitel: 'IHRE THERAPEUTINNEN UND THERAPEUTEN',
  mehrErfahren: 'mehr erfahren',
  keinFeld: 'Dieses Feld kann hier nicht geändert werden.',
  benutzerNichtGefunden: 'Der Benutzer wurde nicht gefunden.',
  patientNichtGefunden: 'Der Patient wurde nicht gefunden.',
  therapeutNichtGefunden: 'Die Therapeutin oder der Therapeut wurde nicht gefunden.',
  nurTherapeuten: 'Diese Angabe gibt es nur bei Therapeutinnen und Therapeuten.',
  nurPatienten: 'Diese Angabe gibt es nur bei Patientinnen und Patienten.',
  beitragLeer: 'Der Beitrag darf nicht leer sein.',
  bildFehlt: 'Bitte wählen Sie ein Bild aus.',
  bildFeld: 'Das Bild muss im Formularfeld „file“ gesendet werden.',
  bildFormat: 'Bitte laden Sie ein Bild im Format JPEG oder PNG hoch.',
  bildZuGross: 'Das Bild ist zu groß (höchstens 5 MB).',
  bildUnlesbar: 'Das Bild konnte nicht gelesen werden.',
  keinBild: 'Es ist kein Profilbild vorhanden.',
} as const;

/** Phone number: the spec gives no rule; digits, spaces and + - / ( ) up to 30 characters (docs/decisions.md). */
export const telefonRule = z
  .string()
  .trim()
  .max(PROFIL_LIMITS.telefon, MAX_LENGTH_MESSAGE)
  .regex(/^[0-9+\-/() ]*$/, 'Telefon enthält unzulässige Zeichen.');

/** Therapist texts with the spec's counters (education 300, focus 80, description 600). */
export const ausbildungRule = z.string().max(LIMITS.ausbildung, MAX_LENGTH_MESSAGE);
export const schwerpunkteRule = z.string().max(LIMITS.schwerpunkte, MAX_LENGTH_MESSAGE);
export const beschreibungRule = z.string().max(LIMITS.beschreibung, MAX_LENGTH_MESSAGE);
/** The operators' general remarks on a patient (POST /profil/other/{patientId}/bemerkung, body the text). */
export const bemerkungBodySchema = z.string().max(PROFIL_LIMITS.bemerkung, MAX_LENGTH_MESSAGE);

/**
 * The editable profile fields; each optional, since the screen saves one field at a time. A strict object: e-mail,
 * password, privileges, company or the active flag in the body are refused, they have calls of their own.
 */
const profilFelder = {
  vorname: vornameRule.optional(),
  nachname: nachnameRule.optional(),
  strasse: strasseRule.optional(),
  hausnummer: hausnummerRule.optional(),
  plz: plzRule.optional(),
  ort: stadtRule.optional(),
  land: landRule.optional(),
  telefon: telefonRule.optional(),
  geburtsdatum: geburtsdatumRule.optional(),
  ausbildung: ausbildungRule.optional(),
  schwerpunkte: schwerpunkteRule.optional(),
  beschreibung: beschreibungRule.optional(),
};

/** POST /profil/change: the own profile. Which fields a role may change is checked by the server. */
export const profilAenderungSchema = z.strictObject(profilFelder);
export type ProfilAenderung = z.input<typeof profilAenderungSchema>;
export type ProfilFeld = keyof ProfilAenderung;

/** POST /profil/other/{userId}/betreiber: an operator edits another user's profile, including the list display. */
export const betreiberProfilAenderungSchema = z.strictObject({
  ...profilFelder,
  listenanzeige: z.boolean().optional(),
});
export type BetreiberProfilAenderung = z.input<typeof betreiberProfilAenderungSchema>;

/** Which profile fields each role's own profile may change (spec 1, sections 2.6 and 6). */
export const EIGENE_PROFILFELDER: Record<(typeof ROLES)[number], readonly ProfilFeld[]> = {
  PATIENT: ['strasse', 'hausnummer', 'plz', 'ort', 'land', 'telefon', 'geburtsdatum'],
  THERAPEUT: ['strasse', 'hausnummer', 'plz', 'ort', 'land', 'telefon', 'ausbildung', 'schwerpunkte', 'beschreibung'],
  BETREIBER: ['vorname', 'nachname', 'strasse', 'hausnummer', 'plz', 'ort', 'land', 'telefon'],
};

/** Which fields an operator may change on a user of each role (the patient's remarks have their own call). */
export const BETREIBER_PROFILFELDER: Record<(typeof ROLES)[number], readonly (ProfilFeld | 'listenanzeige')[]> = {
  PATIENT: ['vorname', 'nachname', 'strasse', 'hausnummer', 'plz', 'ort', 'land', 'telefon', 'geburtsdatum'],
  THERAPEUT: [
    'vorname',
    'nachname',
    'strasse',
    'hausnummer',
    'plz',
    'ort',
    'land',
    'telefon',
    'ausbildung',
    'schwerpunkte',
    'beschreibung',
    'listenanzeige',
  ],
  BETREIBER: ['vorname', 'nachname', 'strasse', 'hausnummer', 'plz', 'ort', 'land', 'telefon'],
};

export const profilUserIdParamSchema = z.object({ userId: idParam('Ungültige Benutzer-ID.') });
export const profilPatientIdParamSchema = z.object({ patientId: idParam('Ungültige Patienten-ID.') });
export const lookupIdParamSchema = z.object({ id: idParam('Ungültige ID.') });

const rolleSchema = z.enum(ROLES);

/** Every profile field (Profile, spec 1 section 3) as stored. */
const profilDatenSchema = z.object({
  userId: z.number().int(),
  vorname: z.string(),
  nachname: z.string(),
  strasse: z.string(),
  hausnummer: z.string(),
  plz: z.string(),
  ort: z.string(),
  land: z.string(),
  /** YYYY-MM-DD or null. */
  geburtsdatum: z.string().nullable(),
  telefon: z.string(),
  ausbildung: z.string(),
  schwerpunkte: z.string(),
  /** Therapist: the public description; patient: the operators' general remarks. */
  beschreibung: z.string(),
  listenanzeige: z.boolean(),
  /** Whether a profile photo exists (GET /files/profilePhoto/{userId}). */
  hatProfilbild: z.boolean(),
  /** The user id when the user is a patient, else null (a patient's patientId is its user id). */
  patientId: z.number().int().nullable(),
  /** The user id when the user is a therapist, else null. */
  therapeutId: z.number().int().nullable(),
  patient: z.boolean(),
});

/** GET /profil/my (MY_PROFIL). A patient does not see the operators' remarks on it: beschreibung is empty. */
export const eigenesProfilSchema = profilDatenSchema.extend({
  rolle: rolleSchema,
  email: z.string(),
});
export type EigenesProfil = z.infer<typeof eigenesProfilSchema>;

/** GET /profil/other/{userId}/betreiber (BETREIBER_VIEW): everything, plus the account's state. */
export const betreiberProfilSchema = profilDatenSchema.extend({
  rolle: rolleSchema,
  email: z.string(),
  privileges: z.array(z.number().int()),
  aktiv: z.boolean(),
  emailBestaetigt: z.boolean(),
  /** The viewer's own profile: shown, never editable here (spec 1, section 2.7). */
  eigenesProfil: z.boolean(),
  /** The patient was deleted (or is being deleted); the row stays anonymised. */
  geloescht: z.boolean(),
});
export type BetreiberProfil = z.infer<typeof betreiberProfilSchema>;

/** GET /profil/other/{userId}/patient for therapists (PATIENTEN_VIEW): name, birth date, phone, remarks. */
export const patientenViewSchema = z.object({
  userId: z.number().int(),
  patientId: z.number().int(),
  vorname: z.string(),
  nachname: z.string(),
  geburtsdatum: z.string().nullable(),
  telefon: z.string(),
  beschreibung: z.string(),
});
export type PatientenView = z.infer<typeof patientenViewSchema>;
/** Operators calling /patient get their full view; the order matters, the first schema that fits is used. */
export const patientProfilResponseSchema = z.union([betreiberProfilSchema, patientenViewSchema]);

/** GET /profil/other/{userId}/therapeut (THERAPEUTEN_VIEW): name, education, focus, description, photo. */
export const therapeutenViewSchema = z.object({
  userId: z.number().int(),
  therapeutId: z.number().int(),
  vorname: z.string(),
  nachname: z.string(),
  ausbildung: z.string(),
  schwerpunkte: z.string(),
  beschreibung: z.string(),
  hatProfilbild: z.boolean(),
});
export type TherapeutenView = z.infer<typeof therapeutenViewSchema>;

/** GET /profil/nameonly[/{patientId}]. */
export const nameOnlySchema = z.object({ vorname: z.string(), nachname: z.string() });
export type NameOnly = z.infer<typeof nameOnlySchema>;

/** Therapist list entry (spec 1 section 3: id, vorname, nachname, firmaId, firmenName) plus what the directory shows. */
export const therapeutListEntrySchema = z.object({
  id: z.number().int(),
  vorname: z.string(),
  nachname: z.string(),
  firmaId: z.number().int().nullable(),
  firmenName: z.string().nullable(),
  ausbildung: z.string(),
  schwerpunkte: z.string(),
  beschreibung: z.string(),
  hatProfilbild: z.boolean(),
});
export type TherapeutListEntry = z.infer<typeof therapeutListEntrySchema>;
export const therapeutListSchema = z.array(therapeutListEntrySchema);

/** GET /therapeut/betreiber/all: every therapist with the account state and the list-display switch. */
export const therapeutBetreiberListEntrySchema = therapeutListEntrySchema.extend({
  email: z.string(),
  aktiv: z.boolean(),
  listenanzeige: z.boolean(),
});
export const therapeutBetreiberListSchema = z.array(therapeutBetreiberListEntrySchema);

/** GET /patient/getByPatientId/{id}, /getByUserId/{id}, /getPatient. */
export const patientLookupSchema = z.object({
  patientId: z.number().int(),
  userId: z.number().int(),
  vorname: z.string(),
  nachname: z.string(),
  firmaId: z.number().int().nullable(),
});
export type PatientLookup = z.infer<typeof patientLookupSchema>;

/** POST /dokumentation/{patientId} and /dokumentation/betreiber/{patientId}: the entry's text. */
export const dokumentationBodySchema = z
  .string()
  .trim()
  .min(1, PROFIL_TEXTS.beitragLeer)
  .max(PROFIL_LIMITS.beitrag, MAX_LENGTH_MESSAGE);

/** Documentation entry (spec 1, section 3); the author's name and e-mail, whether therapist or operator. */
export const dokumentationEintragSchema = z.object({
  id: z.number().int(),
  therapeutVorname: z.string(),
  therapeutNachname: z.string(),
  email: z.string(),
  /** ISO date and time. */
  datum: z.string(),
  beitrag: z.string(),
  vonBetreiber: z.boolean(),
});
export type DokumentationEintrag = z.infer<typeof dokumentationEintragSchema>;
export const dokumentationListSchema = z.array(dokumentationEintragSchema);

/** GET /files/profilePhoto/{id}: the photo as a data URL (base64), since an <img> cannot send the bearer. */
export const profilePhotoSchema = z.string();

/** POST /upload/profile[/{userId}]: true once the photo is stored. */
export const profilbildUploadResponseSchema = z.literal(true);

/**
 * The upload's parts (spec 1: file, description, encrypt): the photo; description and encrypt are accepted and
 * unused (a photo is no health data and not encrypted).
 */
const profilbildUpload = multipartUpload({
  file: {
    field: 'file',
    maxBytes: PROFIL_LIMITS.profilbildBytes,
    missing: PROFIL_TEXTS.bildFehlt,
    wrongField: PROFIL_TEXTS.bildFeld,
    tooLarge: PROFIL_TEXTS.bildZuGross,
  },
  fields: z.object({ description: z.string().optional(), encrypt: z.string().optional() }),
});

const errors = [400, 401, 403, 404] as const;
const tag = 'Profil';
const therapeutTag = 'Therapeuten';
const patientTag = 'Patienten';
const dokumentationTag = 'Dokumentation';
const profilbildTag = 'Profilbild';
/** Operators with BENUTZER_VERWALTEN edit other users' profiles and photos. */
const userManager = operator('BENUTZER_VERWALTEN');
/**
 * Operators who reach a patient's profile page: the page carries the tasks of these privileges (credit,
 * subscription, deletion) besides the profile itself (docs/decisions.md "Need-to-know access").
 */
const PROFIL_OPERATORS = ['BENUTZER_VERWALTEN', 'GUTHABEN_AENDERN', 'ABOPAKETE_VERWALTEN', 'PATIENT_LOESCHEN'] as const;
/** Operators who need a patient's name and company: every task on one patient's records. */
const PATIENT_OPERATORS = [...PROFIL_OPERATORS, 'TERMINE_EDITIEREN', 'PATIENT_TERMINE_BUCHEN'] as const;

export const profilEndpoints = {
  my: endpoint({
    method: 'GET',
    path: '/profil/my',
    summary: 'Eigenes Profil',
    tag,
    access: LOGIN,
    response: eigenesProfilSchema,
    errors,
  }),
  aendern: endpoint({
    method: 'POST',
    path: '/profil/change',
    summary: 'Eigene Profilfelder ändern (nur die der eigenen Rolle; E-Mail und Passwort haben eigene Aufrufe)',
    tag,
    access: LOGIN,
    body: profilAenderungSchema,
    response: eigenesProfilSchema,
    errors,
  }),
  therapeutView: endpoint({
    method: 'GET',
    path: '/profil/other/:userId/therapeut',
    summary: 'Profil einer Therapeutin oder eines Therapeuten, wie Patienten es sehen',
    tag,
    access: LOGIN,
    params: profilUserIdParamSchema,
    response: therapeutenViewSchema,
    errors,
  }),
  patientView: endpoint({
    method: 'GET',
    path: '/profil/other/:userId/patient',
    summary: 'Profil eines Patienten: verkürzt für Therapeuten, vollständig für Betreiber',
    tag,
    access: roles(['THERAPEUT', 'BETREIBER']),
    patientRecord: {
      kind: 'PROFIL',
      action: 'LESEN',
      patientParam: 'userId',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: profilUserIdParamSchema,
    response: patientProfilResponseSchema,
    errors,
  }),
  betreiberView: endpoint({
    method: 'GET',
    path: '/profil/other/:userId/betreiber',
    summary: 'Profil eines beliebigen Benutzers in der Betreiberansicht',
    tag,
    access: operator(),
    patientRecord: { kind: 'PROFIL', action: 'LESEN', patientParam: 'userId', operatorPrivileges: PROFIL_OPERATORS },
    params: profilUserIdParamSchema,
    response: betreiberProfilSchema,
    errors,
  }),
  betreiberAendern: endpoint({
    method: 'POST',
    path: '/profil/other/:userId/betreiber',
    summary: 'Profilfelder eines anderen Benutzers ändern (nie das eigene Profil)',
    tag,
    access: userManager,
    patientRecord: {
      kind: 'PROFIL',
      action: 'SCHREIBEN',
      patientParam: 'userId',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: profilUserIdParamSchema,
    body: betreiberProfilAenderungSchema,
    response: betreiberProfilSchema,
    errors,
  }),
  bemerkung: endpoint({
    method: 'POST',
    path: '/profil/other/:patientId/bemerkung',
    summary: 'Allgemeine Bemerkungen zu einem Patienten (Text)',
    tag,
    access: operator(),
    patientRecord: {
      kind: 'PROFIL',
      action: 'SCHREIBEN',
      patientParam: 'patientId',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: profilPatientIdParamSchema,
    body: bemerkungBodySchema,
    requestFormat: 'text',
    response: betreiberProfilSchema,
    errors,
  }),
  nameOnly: endpoint({
    method: 'GET',
    path: '/profil/nameonly',
    summary: 'Eigener Vor- und Nachname',
    tag,
    access: LOGIN,
    response: nameOnlySchema,
    errors,
  }),
  nameOnlyPatient: endpoint({
    method: 'GET',
    path: '/profil/nameonly/:patientId',
    summary: 'Vor- und Nachname eines Patienten (der Patient selbst, Therapeuten, Betreiber)',
    tag,
    access: LOGIN,
    patientRecord: {
      kind: 'PROFIL',
      action: 'LESEN',
      patientParam: 'patientId',
      operatorPrivileges: PATIENT_OPERATORS,
    },
    params: profilPatientIdParamSchema,
    response: nameOnlySchema,
    errors,
  }),
  therapeutenVerzeichnis: endpoint({
    method: 'GET',
    path: '/therapeut/patient/all',
    summary: 'Therapeutenverzeichnis (aktive Therapeuten mit Listenanzeige)',
    tag: therapeutTag,
    access: LOGIN,
    response: therapeutListSchema,
    errors,
  }),
  therapeutenBetreiber: endpoint({
    method: 'GET',
    path: '/therapeut/betreiber/all',
    summary: 'Alle Therapeuten mit Status und Listenanzeige',
    tag: therapeutTag,
    access: operator(),
    response: therapeutBetreiberListSchema,
    errors,
  }),
  eigenerTherapeut: endpoint({
    method: 'GET',
    path: '/therapeut/therapeut/my',
    summary: 'Eigener Therapeuteneintrag (mit Firma)',
    tag: therapeutTag,
    access: roles(['THERAPEUT']),
    response: therapeutListEntrySchema,
    errors,
  }),
  patientNachPatientId: endpoint({
    method: 'GET',
    path: '/patient/getByPatientId/:id',
    summary: 'Patient nach ID (Patienten nur sich selbst)',
    tag: patientTag,
    access: LOGIN,
    patientRecord: { kind: 'PROFIL', action: 'LESEN', patientParam: 'id', operatorPrivileges: PATIENT_OPERATORS },
    params: lookupIdParamSchema,
    response: patientLookupSchema,
    errors,
  }),
  patientNachUserId: endpoint({
    method: 'GET',
    path: '/patient/getByUserId/:id',
    summary: 'Patient nach ID (Patienten nur sich selbst)',
    tag: patientTag,
    access: LOGIN,
    patientRecord: { kind: 'PROFIL', action: 'LESEN', patientParam: 'id', operatorPrivileges: PATIENT_OPERATORS },
    params: lookupIdParamSchema,
    response: patientLookupSchema,
    errors,
  }),
  eigenerPatient: endpoint({
    method: 'GET',
    path: '/patient/getPatient',
    summary: 'Der eigene Patienteneintrag',
    tag: patientTag,
    access: roles(['PATIENT']),
    response: patientLookupSchema,
    errors,
  }),
  dokumentationAnlegen: endpoint({
    method: 'POST',
    path: '/dokumentation/:patientId',
    summary: 'Dokumentationseintrag zu einem Patienten schreiben (Therapeut, Text)',
    tag: dokumentationTag,
    access: roles(['THERAPEUT']),
    patientRecord: { kind: 'DOKUMENTATION', action: 'SCHREIBEN', patientParam: 'patientId' },
    params: profilPatientIdParamSchema,
    body: dokumentationBodySchema,
    requestFormat: 'text',
    response: dokumentationEintragSchema,
    errors,
  }),
  dokumentation: endpoint({
    method: 'GET',
    path: '/dokumentation/:patientId',
    summary: 'Dokumentation eines Patienten, Einträge von Therapeuten und Betreibern, neueste zuerst (Therapeut)',
    tag: dokumentationTag,
    access: roles(['THERAPEUT']),
    patientRecord: { kind: 'DOKUMENTATION', action: 'LESEN', patientParam: 'patientId' },
    params: profilPatientIdParamSchema,
    response: dokumentationListSchema,
    errors,
  }),
  dokumentationBetreiberAnlegen: endpoint({
    method: 'POST',
    path: '/dokumentation/betreiber/:patientId',
    summary: 'Dokumentationseintrag zu einem Patienten schreiben (Betreiber, Text)',
    tag: dokumentationTag,
    access: roles(['BETREIBER']),
    patientRecord: {
      kind: 'DOKUMENTATION',
      action: 'SCHREIBEN',
      patientParam: 'patientId',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: profilPatientIdParamSchema,
    body: dokumentationBodySchema,
    requestFormat: 'text',
    response: dokumentationEintragSchema,
    errors,
  }),
  dokumentationBetreiber: endpoint({
    method: 'GET',
    path: '/dokumentation/betreiber/:patientId',
    summary: 'Dokumentation eines Patienten, Einträge von Therapeuten und Betreibern, neueste zuerst (Betreiber)',
    tag: dokumentationTag,
    access: roles(['BETREIBER']),
    patientRecord: {
      kind: 'DOKUMENTATION',
      action: 'LESEN',
      patientParam: 'patientId',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: profilPatientIdParamSchema,
    response: dokumentationListSchema,
    errors,
  }),
  dokumentationPdf: endpoint({
    method: 'GET',
    path: '/pdf/patientendokumentation/:patientId',
    summary: 'Patientendokumentation als PDF',
    tag: dokumentationTag,
    access: roles(['THERAPEUT', 'BETREIBER']),
    patientRecord: {
      kind: 'DOKUMENTATION',
      action: 'LESEN',
      patientParam: 'patientId',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: profilPatientIdParamSchema,
    responseFormat: 'file',
    fileType: 'application/pdf',
    errors,
  }),
  profilbildHochladen: endpoint({
    method: 'POST',
    path: '/upload/profile',
    summary: 'Eigenes Profilbild hochladen (multipart, Feld file; JPEG oder PNG bis 5 MB)',
    tag: profilbildTag,
    access: roles(['THERAPEUT']),
    ...profilbildUpload,
    response: profilbildUploadResponseSchema,
    errors,
  }),
  profilbildHochladenFuer: endpoint({
    method: 'POST',
    path: '/upload/profile/:userId',
    summary: 'Profilbild einer Therapeutin oder eines Therapeuten hochladen (Betreiber)',
    tag: profilbildTag,
    access: userManager,
    params: profilUserIdParamSchema,
    ...profilbildUpload,
    response: profilbildUploadResponseSchema,
    errors,
  }),
  profilbild: endpoint({
    method: 'GET',
    path: '/files/profilePhoto/:userId',
    summary: 'Profilbild als Data-URL (base64); Bilder von Therapeuten für alle Angemeldeten',
    tag: profilbildTag,
    access: LOGIN,
    params: profilUserIdParamSchema,
    response: profilePhotoSchema,
    errors,
  }),
};
