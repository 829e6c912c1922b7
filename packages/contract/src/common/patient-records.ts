import type { PatientRecordKind } from './endpoint.ts';

/** German names of the patient record kinds, as the audit screens show them. */
export const PATIENT_RECORD_LABELS: Record<PatientRecordKind, string> = {
  PROFIL: 'Profil',
  DOKUMENTATION: 'Dokumentation',
  GUTHABEN: 'Guthaben',
  TERMINE: 'Termine',
  ABO: 'Abo',
  REZEPT: 'Rezepte',
  FRAGEBOGEN: 'Befundfragebogen',
  ANAMNESE: 'Anamnese',
  TRAINING: 'Trainingsplan',
  EINWILLIGUNG: 'Einwilligungen',
  EXPORT: 'Datenexport',
};

/** Why a patient's records are not shown (the need-to-know check answered 403), by the viewer's role. */
export const PATIENT_ACCESS_TEXTS = {
  therapeut:
    'Diese Patientin oder dieser Patient ist nicht in Ihrer Betreuung. Sie sehen die Daten, sobald ein Termin bei Ihnen gebucht ist oder Sie einen Trainingsplan erstellt haben.',
  betreiber:
    'Für die Daten dieser Patientin oder dieses Patienten fehlt Ihnen die Berechtigung (zum Beispiel „Benutzer verwalten“).',
} as const;
