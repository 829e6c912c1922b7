import { VIDEO_TIMING } from '@dihs/contract/video';
import type { Database } from '../../db/client.ts';
import { deleteSitzungEreignisseBefore } from './video.repository.ts';

/** Session metadata older than the retention (90 days, KBV Anlage 31b) is deleted. Answers the number deleted. */
export function deleteOldSitzungEreignisse(db: Database, now: Date): Promise<number> {
  return deleteSitzungEreignisseBefore(db, new Date(now.getTime() - VIDEO_TIMING.metadataRetentionDays * 86_400_000));
}
