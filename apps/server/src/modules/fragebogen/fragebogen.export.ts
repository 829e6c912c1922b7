import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { fragebogenFragen, patientFragebogenAntworten, patientFrageboegen } from './fragebogen.table.ts';

/**
 * Self-service export: the patient's questionnaires and every answer; each answer row carries its question's text
 * and type, so the file reads without the definitions.
 */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const frageboegen = await db
    .select()
    .from(patientFrageboegen)
    .where(eq(patientFrageboegen.patientUserId, userId))
    .orderBy(asc(patientFrageboegen.id));
  const antworten = await db
    .select({
      patientFragebogenId: patientFragebogenAntworten.patientFragebogenId,
      frageId: patientFragebogenAntworten.frageId,
      frage: fragebogenFragen.frage,
      typ: fragebogenFragen.typ,
      antwort: patientFragebogenAntworten.antwort,
    })
    .from(patientFragebogenAntworten)
    .innerJoin(patientFrageboegen, eq(patientFrageboegen.id, patientFragebogenAntworten.patientFragebogenId))
    .innerJoin(fragebogenFragen, eq(fragebogenFragen.id, patientFragebogenAntworten.frageId))
    .where(eq(patientFrageboegen.patientUserId, userId))
    .orderBy(asc(patientFragebogenAntworten.patientFragebogenId), asc(fragebogenFragen.position));
  return { [exportKey(patientFrageboegen)]: frageboegen, [exportKey(patientFragebogenAntworten)]: antworten };
}
