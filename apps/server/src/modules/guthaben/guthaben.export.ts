import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { guthabenBestellungen, guthabenBuchungen, guthabenSchulden } from './guthaben.table.ts';

/** Self-service export: the credit ledger, recorded debts and the credit packages bought. */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  // one after the other: the queries share the export's transaction, one connection that runs one at a time
  const buchungen = await db
    .select()
    .from(guthabenBuchungen)
    .where(eq(guthabenBuchungen.patientUserId, userId))
    .orderBy(asc(guthabenBuchungen.id));
  const schulden = await db
    .select()
    .from(guthabenSchulden)
    .where(eq(guthabenSchulden.patientUserId, userId))
    .orderBy(asc(guthabenSchulden.id));
  const bestellungen = await db
    .select()
    .from(guthabenBestellungen)
    .where(eq(guthabenBestellungen.patientUserId, userId))
    .orderBy(asc(guthabenBestellungen.id));
  return {
    [exportKey(guthabenBuchungen)]: buchungen,
    [exportKey(guthabenSchulden)]: schulden,
    [exportKey(guthabenBestellungen)]: bestellungen,
  };
}
