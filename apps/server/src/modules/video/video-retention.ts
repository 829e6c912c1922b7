import { lt } from 'drizzle-orm';
import { VIDEO_TIMING } from '@dihs/contract/video';
import type { Database, Transaction } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import { sitzungEreignisse } from './video.table.ts';

/** Session metadata older than the retention (90 days, KBV Anlage 31b) is deleted. Answers the number deleted. */
export async function deleteOldSitzungEreignisse(db: Database, now: Date): Promise<number> {
  const limit = new Date(now.getTime() - VIDEO_TIMING.metadataRetentionDays * 86_400_000);
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
