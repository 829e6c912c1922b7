import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { sitzungEreignisse } from './video.table.ts';

/** Self-service export: when the patient joined or left video sessions (kept 90 days; no media is ever stored). */
export async function exportPatient(db: Database | Transaction, userId: number): Promise<Record<string, unknown[]>> {
  const rows = await db
    .select()
    .from(sitzungEreignisse)
    .where(eq(sitzungEreignisse.userId, userId))
    .orderBy(asc(sitzungEreignisse.id));
  return { [exportKey(sitzungEreignisse)]: rows };
}
