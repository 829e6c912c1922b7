import type { Patient, Practitioner, Reference, Resource } from '@medplum/fhirtypes';
import type { FragebogenDefinition } from '@dihs/contract/fragebogen';
import type { Termintyp } from '@dihs/contract/termin';
import type { EigeneSysteme } from './fhir-codes.ts';

/*
 * What the FHIR mapping (fhir-bundle.ts and its resource families) reads: the rows the modules hand to the JSON export
 * (docs/datenexport.md), as they come (dates as Date) or as the JSON file has them (dates as ISO strings).
 */

/** The export's rows, one entry per module and table. */
export type ExportTables = Record<string, unknown>;

/** What the patient's rows name but do not hold: therapists, the company, exercise titles, questionnaires. */
export interface FhirKontext {
  therapeuten: Map<number, { vorname: string | null; nachname: string | null }>;
  firma: { id: number; bezeichner: string } | null;
  uebungen: Map<number, string>;
  /** The questionnaire definitions the patient's questionnaires were given against, by id. */
  definitionen: Map<number, FragebogenDefinition>;
  systeme: EigeneSysteme;
  erstelltAm: Date;
}

/** A point in time as a row holds it: a Date from the database, an ISO string from the JSON file. */
export type Zeit = Date | string;
export const iso = (value: Zeit): string => (typeof value === 'string' ? value : value.toISOString());
export const ms = (value: Zeit): number => (typeof value === 'string' ? Date.parse(value) : value.getTime());

export interface BenutzerRow {
  id: number;
  email: string;
  firmaId: number | null;
  active: boolean;
}
export interface ProfilRow {
  vorname: string | null;
  nachname: string | null;
  strasse: string | null;
  hausnummer: string | null;
  plz: string | null;
  ort: string | null;
  land: string | null;
  geburtsdatum: string | null;
  telefon: string | null;
}
export interface TeilnahmeRow {
  id: number;
  terminId: number;
  status: 'RESERVIERT' | 'GEBUCHT' | 'STORNIERT';
  teilgenommen: boolean;
}
export interface TerminRow {
  id: number;
  datum: Zeit;
  dauer: number;
  termintyp: Termintyp;
  befund: string | null;
  details: string | null;
  therapeutUserId: number | null;
  status: 'PLANUNG' | 'AKTIV' | 'ABGESAGT';
}
export interface FragebogenRow {
  id: number;
  definitionId: number;
  titel: string;
  erstelltAm: Zeit;
  erstelltVon: number | null;
  veroeffentlicht: Zeit | null;
}
export interface AntwortRow {
  patientFragebogenId: number;
  frageId: number;
  frage: string;
  typ: 'FREITEXT' | 'SKALA' | 'WAHRHEITSWERT';
  antwort: string | number | boolean | null;
}
export interface AnamneseRow {
  angaben: Record<string, unknown>;
  unterschrieben: boolean;
  unterschriebenAm: Zeit | null;
  geaendertAm: Zeit;
}
export interface SetRow {
  id: number;
  therapeutUserId: number | null;
  validFrom: Zeit;
  erstelltAm: Zeit;
}
export interface EintragRow {
  id: number;
  setId: number;
  uebungId: number;
  position: number;
  dauer: number;
  anzahl: number;
  pause: number;
  wiederholungen: number;
  information: string | null;
}
export interface ErledigtRow {
  id: number;
  eintragId: number;
  tag: string;
  schmerz: number | null;
  erfasstAm: Zeit;
}
export interface RezeptRow {
  id: number;
  originalFilename: string;
  mediaType: string;
  anmerkung: string | null;
  status: string;
  eingereicht: Zeit;
}
export interface RezeptDateiRow {
  rezeptId: number;
  datei: { name: string; type: string; base64: string } | null;
}
export interface EinwilligungRow {
  id: number;
  fassungId: number;
  anlass: string;
  erteiltAm: Zeit;
}
export interface FassungRow {
  id: number;
  seiteUrl: string;
  fassung: string;
  titel: string;
  inhalt: string;
  stand?: string | null;
}

export interface DokumentationRow {
  id: number;
  autorUserId: number | null;
  vonBetreiber: boolean;
  beitrag: string;
  datum: Zeit;
}

export const rows = <T>(file: ExportTables, module: string, table: string): T[] =>
  ((file[module] as Record<string, unknown[]> | undefined)?.[table] ?? []) as T[];

export const text = (value: string | null | undefined): string | undefined =>
  value === null || value === undefined || value.trim() === '' ? undefined : value;

/** The Bundle under construction, as each resource family adds to it. */
export interface BundleBau {
  file: ExportTables;
  k: FhirKontext;
  s: EigeneSysteme;
  patient: Reference<Patient>;
  /** Adds a resource under its stable urn:uuid and answers the reference to it. */
  add: <T extends Resource>(kind: string, id: string | number, resource: T) => Reference<T>;
  /**
   * The therapist (or another member of staff, `rolle` naming the role) as Practitioner with PractitionerRole, added
   * on first use; a user keeps the role of that first use.
   */
  practitioner: (userId: number | null, rolle?: string) => Reference<Practitioner> | undefined;
}
