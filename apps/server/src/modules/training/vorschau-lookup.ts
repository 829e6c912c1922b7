import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-types.ts';
import { videoThumbnail } from '../../lib/video-thumbnail.ts';
import { setUebungVorschauIfLink } from './training.repository.ts';

/** Fetches the thumbnail of a saved exercise and stores it, unless the link changed in the meantime. */
export async function vorschauNachladen(
  deps: Pick<AppDeps, 'config' | 'files' | 'db'>,
  log: FastifyBaseLogger,
  uebungId: number,
  videoUrl: string,
): Promise<string | null> {
  const key = await videoThumbnail(deps, log, videoUrl);
  if (!key) return null;
  if (!(await setUebungVorschauIfLink(deps.db, uebungId, videoUrl, key))) {
    await deps.files.delete(key);
    return null;
  }
  return key;
}
