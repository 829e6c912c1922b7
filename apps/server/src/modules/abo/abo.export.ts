import { asc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { columnsWithout, exportKey } from '../../lib/patient-export.ts';
import { aboHinweise, abos, aboPerioden, aboZahlungen } from './abo.table.ts';

/**
 * Self-service export: the patient's subscriptions with their intervals, interval payments and notices. The
 * payment's checkout address is left out: it carries the payment's capability token.
 */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const aboRows = await db.select().from(abos).where(eq(abos.patientUserId, userId)).orderBy(asc(abos.id));
  const aboIds = aboRows.map((abo) => abo.id);
  const perioden = aboIds.length
    ? await db.select().from(aboPerioden).where(inArray(aboPerioden.aboId, aboIds)).orderBy(asc(aboPerioden.id))
    : [];
  const zahlungen = aboIds.length
    ? await db
        .select(columnsWithout(aboZahlungen, 'redirectUrl'))
        .from(aboZahlungen)
        .where(inArray(aboZahlungen.aboId, aboIds))
        .orderBy(asc(aboZahlungen.zahlungId))
    : [];
  const hinweise = await db
    .select()
    .from(aboHinweise)
    .where(eq(aboHinweise.patientUserId, userId))
    .orderBy(asc(aboHinweise.id));
  return {
    [exportKey(abos)]: aboRows,
    [exportKey(aboPerioden)]: perioden,
    [exportKey(aboZahlungen)]: zahlungen,
    [exportKey(aboHinweise)]: hinweise,
  };
}
