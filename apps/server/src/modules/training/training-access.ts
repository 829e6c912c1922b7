import { TRAINING_TEXTS } from '@dihs/contract/training';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { findPersonInfo, type PersonInfo } from '../profil/index.ts';

/**
 * Admits the caller to one patient's training records through the need-to-know gate (plugins/patient-access.ts:
 * the patient only their own, a therapist with the patient in care, an operator with UEBUNGEN_VERWALTEN; audited),
 * after checking the id names a patient (404 otherwise, so an operator learns nothing about other accounts).
 * Answers the patient's account in short, so a handler that shows the name does not read it again.
 */
export async function admitPatient(
  request: FastifyRequest,
  db: Database,
  patientUserId: number,
  recordId?: number,
): Promise<PersonInfo> {
  await request.patientRecord.admit(patientUserId, recordId);
  const patient = await findPersonInfo(db, patientUserId);
  if (!patient || patient.role !== 'PATIENT' || patient.deletedAt) {
    throw HttpError.notFound(TRAINING_TEXTS.patientNichtGefunden);
  }
  return patient;
}
