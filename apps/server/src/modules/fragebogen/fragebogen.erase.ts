import type { Transaction } from '../../db/client.ts';
import { deletePatientFrageboegen } from './fragebogen.repository.ts';

/** Patient erasure: every questionnaire of the patient with its answers (health data; the triggers allow deleting). */
export async function erasePatient(tx: Transaction, userId: number): Promise<void> {
  await deletePatientFrageboegen(tx, userId);
}
