import { TRAINING_TEXTS } from '@dihs/contract/training';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { findPersonById, type Person } from '../users/index.ts';

/**
 * Admits the caller to one patient's training records through the need-to-know gate (plugins/patient-access.ts:
 * the patient only their own, a therapist with the patient in care, an operator with UEBUNGEN_VERWALTEN; audited),
 * after checking the id names a patient (404 otherwise, so an operator learns nothing about other accounts).
 * Answers the patient's account and profile, so a handler that shows the name does not read them again.
 */
export async function admitPatient(
  request: FastifyRequest,
  db: Database,
  patientUserId: number,
  recordId?: number,
): Promise<Person> {
  await request.patientRecord.admit(patientUserId, recordId);
  const patient = await findPersonById(db, patientUserId);
  if (!patient || patient.user.role !== 'PATIENT' || patient.user.deletedAt) {
    throw HttpError.notFound(TRAINING_TEXTS.patientNichtGefunden);
  }
  return patient;
}
