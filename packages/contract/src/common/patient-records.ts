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
