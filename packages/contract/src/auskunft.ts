import { z } from 'zod';
import { berlinDay, type Instant } from './common/time.ts';
import { endpoint, operator, roles } from './common/endpoint.ts';
import { idParam } from './common/rules.ts';

/**
 * Self-service data export (DSGVO Art. 15 and 20, issue 18 item 11): a patient downloads one JSON file with every
 * record about them. The file's schema is documented in docs/datenexport.md.
 */

/** Raised when the file's shape changes in a way its readers must know (docs/datenexport.md, "Versionen"). */
export const DATENAUSKUNFT_FORMAT_VERSION = 1;

/** The file's name on the patient's disk: the day of the export, Berlin time. */
export const datenauskunftDateiname = (at: Instant = new Date()): string => `datenauskunft-${berlinDay(at)}.json`;

/** The FHIR file's name: the day of the export, Berlin time (docs/fhir.md). */
export const fhirDateiname = (at: Instant = new Date()): string => `datenauskunft-${berlinDay(at)}.fhir.json`;

/** The texts of the export on the own profile (docs/decisions.md "Datenauskunft"). */
export const AUSKUNFT_TEXTS = {
  titel: 'Meine Daten',
  erklaerung:
    'Hier laden Sie alle Daten, die wir über Sie gespeichert haben, in einer Datei herunter: Profil, Termine, Guthaben, Abos, Zahlungen, Dokumentation und alle weiteren Einträge, mit Ihren Dateien. Die Datei im JSON-Format können Sie mit anderen Programmen weiterverwenden; Passwörter und Sicherheitscodes enthält sie nicht. Der Abruf wird protokolliert.',
  button: 'Meine Daten herunterladen',
  /** Asked before the download starts (BSI TR-03161 O.Data_2): the file leaves the platform's protection. */
  warnungTitel: 'Daten herunterladen',
  warnung:
    'Die Datei ist nicht verschlüsselt und enthält Ihre Gesundheitsdaten. Bitte speichern Sie sie nur an einem sicheren Ort, auf den niemand sonst zugreifen kann, und versenden Sie sie nicht per unverschlüsselter E-Mail.',
  warnungBestaetigen: 'Herunterladen',
  fhirButton: 'Als FHIR-Datei herunterladen',
  fhirErklaerung:
    'Als FHIR-Datei (internationaler Standard HL7 FHIR R4) können Praxen und Gesundheitsanwendungen Ihre Behandlungsdaten – Termine, Fragebögen, Anamnese, Trainingsplan, Rezepte und Einwilligungen – ohne Umwege einlesen.',
  fehlerTitel: 'Herunterladen fehlgeschlagen',
  fehler: 'Ihre Daten konnten nicht zusammengestellt werden. Bitte versuchen Sie es später erneut.',
} as const;

/** The operator's transfer of a patient's FHIR record to another provider (issue 34 item 4; docs/fhir.md). */
export const UEBERMITTLUNG_GRUND = { min: 10, max: 500 } as const;
export const UEBERMITTLUNG_TEXTS = {
  grundZuKurz: `Bitte geben Sie den Grund der Übermittlung an (mindestens ${UEBERMITTLUNG_GRUND.min} Zeichen).`,
  grundZuLang: `Der Grund darf höchstens ${UEBERMITTLUNG_GRUND.max} Zeichen lang sein.`,
  keinPatient: 'Diesen Patienten gibt es nicht.',
  titel: 'Datenübermittlung (FHIR)',
  erklaerung:
    'Die Behandlungsdaten dieses Patienten als FHIR-Datei (HL7 FHIR R4) für die Übermittlung an eine andere Praxis. Der Grund wird gespeichert und dem Patienten in seiner Datenauskunft gezeigt; der Abruf wird protokolliert.',
  button: 'Als FHIR-Datei übermitteln',
  dialogTitel: 'Daten übermitteln',
  grund: 'Grund der Übermittlung',
  bestaetigen: 'Herunterladen',
} as const;
export const uebermittlungParamsSchema = z.object({ patientId: idParam('Ungültige Patienten-ID.') });
export const uebermittlungBodySchema = z.object({
  grund: z
    .string({ message: UEBERMITTLUNG_TEXTS.grundZuKurz })
    .trim()
    .min(UEBERMITTLUNG_GRUND.min, UEBERMITTLUNG_TEXTS.grundZuKurz)
    .max(UEBERMITTLUNG_GRUND.max, UEBERMITTLUNG_TEXTS.grundZuLang),
});

export const auskunftEndpoints = {
  herunterladen: endpoint({
    method: 'GET',
    path: '/datenauskunft',
    summary:
      'Alle Daten des angemeldeten Patienten als eine JSON-Datei mit Dateien als base64 (DSGVO Art. 15 und 20; Schema: docs/datenexport.md)',
    tag: 'Datenauskunft',
    access: roles(['PATIENT']),
    patientRecord: { kind: 'EXPORT', action: 'LESEN', self: true },
    responseFormat: 'file',
    fileType: 'application/json',
    errors: [401, 403],
  }),
  fhir: endpoint({
    method: 'GET',
    path: '/datenauskunft/fhir',
    summary:
      'Die Daten des angemeldeten Patienten als FHIR-R4-Bundle (Typ collection, application/fhir+json; Abbildung: docs/fhir.md)',
    tag: 'Datenauskunft',
    access: roles(['PATIENT']),
    patientRecord: { kind: 'EXPORT', action: 'LESEN', self: true },
    responseFormat: 'file',
    fileType: 'application/fhir+json',
    errors: [401, 403],
  }),
  fhirUebermitteln: endpoint({
    method: 'POST',
    path: '/datenauskunft/fhir/patient/:patientId',
    summary:
      'Die Daten eines Patienten als FHIR-R4-Bundle für die Übermittlung an eine andere Praxis (Betreiber mit Berechtigung; der Grund wird gespeichert)',
    tag: 'Datenauskunft',
    access: operator('PATIENTENDATEN_UEBERMITTELN'),
    patientRecord: {
      kind: 'EXPORT',
      action: 'LESEN',
      patientParam: 'patientId',
      operatorPrivileges: ['PATIENTENDATEN_UEBERMITTELN'],
    },
    params: uebermittlungParamsSchema,
    body: uebermittlungBodySchema,
    responseFormat: 'file',
    fileType: 'application/fhir+json',
    errors: [400, 401, 403, 404],
  }),
};
