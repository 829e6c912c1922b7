import { asc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { columnsWithout, exportKey } from '../../lib/patient-export.ts';
import { zahlungen, zahlungEvents } from './zahlung.table.ts';

/**
 * Self-service export: the patient's card payments and the provider events received for them. The checkout token
 * is left out: it is the capability that opens the payment page without a login.
 */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const payments = await db
    .select(columnsWithout(zahlungen, 'checkoutToken'))
    .from(zahlungen)
    .where(eq(zahlungen.userId, userId))
    .orderBy(asc(zahlungen.id));
  const ids = payments.map((payment) => payment.id);
  const events = ids.length
    ? await db.select().from(zahlungEvents).where(inArray(zahlungEvents.zahlungId, ids)).orderBy(asc(zahlungEvents.id))
    : [];
  return { [exportKey(zahlungen)]: payments, [exportKey(zahlungEvents)]: events };
}
