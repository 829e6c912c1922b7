/** Roles and privileges with the numeric codes the API sends (spec 1, section 3). */

export const ROLES = ['BETREIBER', 'THERAPEUT', 'PATIENT'] as const;
export type Role = (typeof ROLES)[number];

/** Numeric code of a role: its position in ROLES (BETREIBER=0, THERAPEUT=1, PATIENT=2). */
export const roleCode = (role: Role): number => ROLES.indexOf(role);
export const roleFromCode = (code: number): Role | undefined => ROLES[code];

export const ROLE_LABELS: Record<Role, string> = {
  BETREIBER: 'Betreiber',
  THERAPEUT: 'Therapeut',
  PATIENT: 'Patient',
};

/** Privileges in the order of spec 1, section 3; the index is the numeric code (HAT_ABO=0 … STATISTIK_LESEN=18). */
export const PRIVILEGES = [
  'HAT_ABO',
  'NAVIGATION_EDITIEREN',
  'FRAGEBOGEN_EDITIEREN',
  'INHALT_EDITIEREN',
  'TERMINE_EDITIEREN',
  'BENUTZER_VERWALTEN',
  'DATEIEN_HOCHLADEN',
  'UEBUNGEN_VERWALTEN',
  'ANWENDUNG_VERWALTEN',
  'ZAHLUNGEN_VERWALTEN',
  'ABOPAKETE_VERWALTEN',
  'GUTHABEN_AENDERN',
  'UEBUNGEN_VERWALTEN_THERAPEUT',
  'PATIENT_TERMINE_BUCHEN',
  'TRAININGSPLAN_VORLAGEN_VERWALTEN',
  'PATIENT_LOESCHEN',
  'VIDEOS_BEARBEITEN',
  'STATISTIK_SCHREIBEN',
  'STATISTIK_LESEN',
  // beyond the spec's list (docs/decisions.md "Need-to-know access and the audit log"); new codes are appended
  'ZUGRIFFSPROTOKOLL_LESEN',
  // a patient's record as FHIR for a transfer to another provider, with a reason (issue 34 item 4, docs/fhir.md)
  'PATIENTENDATEN_UEBERMITTELN',
] as const;
export type Privilege = (typeof PRIVILEGES)[number];

export const privilegeCode = (privilege: Privilege): number => PRIVILEGES.indexOf(privilege);
export const privilegeFromCode = (code: number): Privilege | undefined => PRIVILEGES[code];

export const PRIVILEGE_LABELS: Record<Privilege, string> = {
  HAT_ABO: 'Hat Abo',
  NAVIGATION_EDITIEREN: 'Navigation editieren',
  FRAGEBOGEN_EDITIEREN: 'Fragebogen editieren',
  INHALT_EDITIEREN: 'Inhalt editieren',
  TERMINE_EDITIEREN: 'Termine editieren',
  BENUTZER_VERWALTEN: 'Benutzer verwalten',
  DATEIEN_HOCHLADEN: 'Dateien hochladen',
  UEBUNGEN_VERWALTEN: 'Übungen verwalten',
  ANWENDUNG_VERWALTEN: 'Anwendung verwalten',
  ZAHLUNGEN_VERWALTEN: 'Zahlungen verwalten',
  ABOPAKETE_VERWALTEN: 'Abopakete verwalten',
  GUTHABEN_AENDERN: 'Guthaben ändern',
  UEBUNGEN_VERWALTEN_THERAPEUT: 'Übungen verwalten (Therapeut)',
  PATIENT_TERMINE_BUCHEN: 'Termine für Patienten buchen',
  TRAININGSPLAN_VORLAGEN_VERWALTEN: 'Trainingsplan-Vorlagen verwalten',
  PATIENT_LOESCHEN: 'Patienten löschen',
  VIDEOS_BEARBEITEN: 'Videos bearbeiten',
  STATISTIK_SCHREIBEN: 'Statistik schreiben',
  STATISTIK_LESEN: 'Statistik lesen',
  ZUGRIFFSPROTOKOLL_LESEN: 'Zugriffsprotokoll lesen',
  PATIENTENDATEN_UEBERMITTELN: 'Patientendaten übermitteln (FHIR)',
};

/**
 * The privileges an operator may grant to a user of each role (GET /authority/{role}).
 * HAT_ABO is never granted by hand: the subscription module sets and clears it.
 */
export const PRIVILEGES_BY_ROLE: Record<Role, readonly Privilege[]> = {
  BETREIBER: [
    'NAVIGATION_EDITIEREN',
    'FRAGEBOGEN_EDITIEREN',
    'INHALT_EDITIEREN',
    'TERMINE_EDITIEREN',
    'BENUTZER_VERWALTEN',
    'DATEIEN_HOCHLADEN',
    'UEBUNGEN_VERWALTEN',
    'ANWENDUNG_VERWALTEN',
    'ZAHLUNGEN_VERWALTEN',
    'ABOPAKETE_VERWALTEN',
    'GUTHABEN_AENDERN',
    'PATIENT_TERMINE_BUCHEN',
    'PATIENT_LOESCHEN',
    'VIDEOS_BEARBEITEN',
    'STATISTIK_LESEN',
    'ZUGRIFFSPROTOKOLL_LESEN',
    'PATIENTENDATEN_UEBERMITTELN',
  ],
  THERAPEUT: ['UEBUNGEN_VERWALTEN_THERAPEUT', 'TRAININGSPLAN_VORLAGEN_VERWALTEN'],
  PATIENT: ['STATISTIK_SCHREIBEN'],
};

/** Whether a set of privilege codes contains the given privilege. */
export const hasPrivilege = (codes: readonly number[], privilege: Privilege): boolean =>
  codes.includes(privilegeCode(privilege));
