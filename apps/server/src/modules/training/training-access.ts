import { TRAINING_TEXTS } from '@dihs/contract/training';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { RecordOwner } from '../../plugins/patient-access.ts';
import { findPersonInfo, type PersonInfo } from '../profil/index.ts';
import { findEintrag, findSet } from './training.repository.ts';

/**
 * Whose a plan (set) or a plan entry is, for the need-to-know check that runs before the handler
 * (plugins/patient-access.ts; the descriptor's recordOwners). An entry is audited under its plan, as before.
 */
export const trainingRecordOwners = {
  TRAININGSPLAN_SET: {
    async patientOf(db, setId) {
      const set = await findSet(db, setId);
      return set ? { patientUserId: set.patientUserId } : null;
    },
    notFound: TRAINING_TEXTS.setNichtGefunden,
  },
  TRAININGSPLAN_EINTRAG: {
    async patientOf(db, eintragId) {
      const eintrag = await findEintrag(db, eintragId);
      const set = eintrag ? await findSet(db, eintrag.setId) : undefined;
      return set ? { patientUserId: set.patientUserId, recordId: set.id } : null;
    },
    notFound: TRAINING_TEXTS.eintragNichtGefunden,
  },
} satisfies Record<string, RecordOwner>;

/**
 * The account of the patient the caller was admitted to, or 404 when the id is no (or no longer a) patient, so an
 * operator learns nothing about other accounts (the need-to-know check lets operators pass on non-patients). Answers
 * the account in short, so a handler that shows the name does not read it again.
 */
export async function trainingPatient(db: Database, patientUserId: number): Promise<PersonInfo> {
  const patient = await findPersonInfo(db, patientUserId);
  if (!patient || patient.role !== 'PATIENT' || patient.deletedAt) {
    throw HttpError.notFound(TRAINING_TEXTS.patientNichtGefunden);
  }
  return patient;
}
