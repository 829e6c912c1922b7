import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { columnsWithout, exportKey } from '../../lib/patient-export.ts';
import { oneTimeCodes } from './codes.table.ts';

/** Self-service export: the one-time codes issued to the patient (purpose, dates, new address), never their hash. */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const rows = await db
    .select(columnsWithout(oneTimeCodes, 'codeHash'))
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.userId, userId))
    .orderBy(asc(oneTimeCodes.id));
  return { [exportKey(oneTimeCodes)]: rows };
}
