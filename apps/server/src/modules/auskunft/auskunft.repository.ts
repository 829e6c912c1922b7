import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { fhirUebermittlungen } from './auskunft.table.ts';

type Db = Database | Transaction;

/** Records an operator's transfer with its reason. */
export async function insertUebermittlung(
  db: Db,
  values: { patientUserId: number; betreiberUserId: number; grund: string; erstelltAm: Date },
): Promise<void> {
  await db.insert(fhirUebermittlungen).values(values);
}

/** Self-service export: every transfer of the patient's record, oldest first. */
export async function exportPatient(db: Db, userId: number): Promise<Record<string, unknown[]>> {
  return {
    fhir_uebermittlung: await db
      .select()
      .from(fhirUebermittlungen)
      .where(eq(fhirUebermittlungen.patientUserId, userId))
      .orderBy(asc(fhirUebermittlungen.id)),
  };
}
