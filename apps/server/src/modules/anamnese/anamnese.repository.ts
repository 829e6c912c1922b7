import { eq } from 'drizzle-orm';
import type { AnamneseAngaben } from '@dihs/contract/anamnese';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { anamnesen, type AnamneseRow } from './anamnese.table.ts';

type Db = Database | Transaction;

/** The patient's form; `lock` takes the row for the transaction (a save and a signature in turn). */
export async function findAnamnese(db: Db, patientUserId: number, lock = false): Promise<AnamneseRow | undefined> {
  const query = db.select().from(anamnesen).where(eq(anamnesen.patientUserId, patientUserId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Creates or replaces the answers of an unsigned form (the trigger refuses a signed one). */
export async function upsertAnamnese(
  tx: Transaction,
  patientUserId: number,
  angaben: AnamneseAngaben,
  at: Date,
): Promise<AnamneseRow> {
  const [row] = await tx
    .insert(anamnesen)
    .values({ patientUserId, angaben, datenschutz: true, geaendertAm: at })
    .onConflictDoUpdate({ target: anamnesen.patientUserId, set: { angaben, datenschutz: true, geaendertAm: at } })
    .returning();
  return row!;
}

export async function signAnamnese(tx: Transaction, patientUserId: number, at: Date): Promise<AnamneseRow> {
  const [row] = await tx
    .update(anamnesen)
    .set({ unterschrieben: true, unterschriebenAm: at })
    .where(eq(anamnesen.patientUserId, patientUserId))
    .returning();
  return row!;
}

/** Deletes the form; answers whether there was one. */
export async function deleteAnamnese(db: Db, patientUserId: number): Promise<boolean> {
  const rows = await db
    .delete(anamnesen)
    .where(eq(anamnesen.patientUserId, patientUserId))
    .returning({ id: anamnesen.patientUserId });
  return rows.length > 0;
}

/** Self-service export: the medical history as stored (answers, privacy checkbox, signature). */
export async function exportPatient(db: Db, userId: number): Promise<Record<string, unknown[]>> {
  return { [exportKey(anamnesen)]: await db.select().from(anamnesen).where(eq(anamnesen.patientUserId, userId)) };
}
