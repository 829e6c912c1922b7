import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import {
  guthabenAngebote,
  type GuthabenAngebotRow,
  guthabenBestellungen,
  type GuthabenBestellungRow,
  guthabenBuchungen,
  guthabenSchulden,
} from './guthaben.table.ts';

export async function listBookableOffers(db: Database): Promise<GuthabenAngebotRow[]> {
  return db
    .select()
    .from(guthabenAngebote)
    .where(eq(guthabenAngebote.buchbar, true))
    .orderBy(asc(guthabenAngebote.sortierung), asc(guthabenAngebote.id));
}

export async function findOffer(tx: Transaction, id: number): Promise<GuthabenAngebotRow | undefined> {
  const [row] = await tx.select().from(guthabenAngebote).where(eq(guthabenAngebote.id, id));
  return row;
}

export async function insertOrder(
  tx: Transaction,
  patientUserId: number,
  offer: GuthabenAngebotRow,
): Promise<GuthabenBestellungRow> {
  const [row] = await tx
    .insert(guthabenBestellungen)
    .values({
      patientUserId,
      angebotId: offer.id,
      titel: offer.titel,
      centPreis: offer.centPreis,
      einzelTermine: offer.einzelTermine,
      gruppenTermine: offer.gruppenTermine,
      telefonTermine: offer.telefonTermine,
      anamnese: offer.anamnese,
      befunde: offer.befunde,
    })
    .returning();
  return row!;
}

export async function setOrderPayment(tx: Transaction, orderId: number, zahlungId: number): Promise<void> {
  await tx.update(guthabenBestellungen).set({ zahlungId }).where(eq(guthabenBestellungen.id, orderId));
}

export async function findOrder(db: Database | Transaction, id: number): Promise<GuthabenBestellungRow | undefined> {
  const [row] = await db.select().from(guthabenBestellungen).where(eq(guthabenBestellungen.id, id));
  return row;
}

export async function updateOrder(
  tx: Transaction,
  id: number,
  values: Partial<Pick<GuthabenBestellungRow, 'status' | 'transactionId' | 'stornodatum'>>,
): Promise<void> {
  await tx.update(guthabenBestellungen).set(values).where(eq(guthabenBestellungen.id, id));
}

export async function insertOffers(tx: Transaction, rows: (typeof guthabenAngebote.$inferInsert)[]): Promise<void> {
  await tx.insert(guthabenAngebote).values(rows);
}

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
