import { asc, eq, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { sitzungEreignisse, type SitzungEreignisRow } from './video.table.ts';

type Db = Database | Transaction;

/** One session event (who joined, left, was removed, when the session ended). */
export async function insertSitzungEreignis(
  tx: Transaction,
  values: Pick<SitzungEreignisRow, 'terminId' | 'userId' | 'ereignis' | 'at'>,
): Promise<void> {
  await tx.insert(sitzungEreignisse).values(values);
}

/** Deletes the session events before `limit`; answers how many. */
export async function deleteSitzungEreignisseBefore(db: Database, limit: Date): Promise<number> {
  const rows = await db
    .delete(sitzungEreignisse)
    .where(lt(sitzungEreignisse.at, limit))
    .returning({ id: sitzungEreignisse.id });
  return rows.length;
}

/** Patient deletion: the patient's session metadata goes at once. */
export async function deleteSitzungEreignisseOf(tx: Transaction, userId: number): Promise<void> {
  await tx.delete(sitzungEreignisse).where(eq(sitzungEreignisse.userId, userId));
}

/** Self-service export: when the patient joined or left video sessions (kept 90 days; no media is ever stored). */
export async function exportPatient(db: Db, userId: number): Promise<Record<string, unknown[]>> {
  const rows = await db
    .select()
    .from(sitzungEreignisse)
    .where(eq(sitzungEreignisse.userId, userId))
    .orderBy(asc(sitzungEreignisse.id));
  return { [exportKey(sitzungEreignisse)]: rows };
}
