import { parseVideoUrl } from '@dihs/contract/common/video-url';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../config.ts';
import type { FileStore } from './file-store.ts';

/** How long a save waits for the video host; after that the exercise is saved without a thumbnail. */
const LOOKUP_TIMEOUT_MS = 3000;
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** Where the hosts keep their thumbnails; any other address in an oEmbed answer is not fetched (no SSRF). */
const THUMBNAIL_HOSTS = new Set(['i.vimeocdn.com', 'i.ytimg.com', 'img.youtube.com']);

const HOST_OEMBED = {
  vimeo: 'https://vimeo.com/api/oembed.json',
  youtube: 'https://www.youtube.com/oembed',
} as const;

async function fetchLimited(url: string, signal: AbortSignal): Promise<Buffer> {
  const response = await fetch(url, { signal, redirect: 'error' });
  if (!response.ok) throw new Error(`Antwort ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_IMAGE_BYTES) throw new Error('zu groß');
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_IMAGE_BYTES) throw new Error('zu groß');
  return body;
}

/**
 * Asks the host's oEmbed endpoint for the video's thumbnail and keeps a copy in our file store, so the browser shows
 * it without contacting the host (Zwei-Klick-Lösung, docs/decisions.md). Answers the file-store key, or null when the
 * host is not asked or did not answer usefully; never throws.
 */
export async function videoThumbnail(
  deps: { config: Pick<Config, 'oembedUrl'>; files: FileStore },
  log: FastifyBaseLogger,
  videoUrl: string,
): Promise<string | null> {
  const ref = parseVideoUrl(videoUrl);
  const endpoint = deps.config.oembedUrl === undefined && ref ? HOST_OEMBED[ref.host] : deps.config.oembedUrl;
  if (!ref || !endpoint) return null;
  const signal = AbortSignal.timeout(LOOKUP_TIMEOUT_MS);
  try {
    const info = JSON.parse(
      (await fetchLimited(`${endpoint}?format=json&url=${encodeURIComponent(videoUrl)}`, signal)).toString('utf8'),
    ) as { thumbnail_url?: unknown };
    if (typeof info.thumbnail_url !== 'string') return null;
    const thumbnail = new URL(info.thumbnail_url);
    const sameOrigin = thumbnail.origin === new URL(endpoint).origin;
    if (!sameOrigin && !(thumbnail.protocol === 'https:' && THUMBNAIL_HOSTS.has(thumbnail.hostname))) return null;
    const image = await fetchLimited(thumbnail.href, signal);
    const type = await fileTypeFromBuffer(image);
    if (!type || !IMAGE_TYPES.has(type.mime)) return null;
    return await deps.files.put(image);
  } catch (error) {
    // the link is not health data; the host's failure is worth a warning, not a failed save
    log.warn({ host: ref.host, reason: (error as Error).message }, 'Vorschaubild des Videodienstes nicht geladen');
    return null;
  }
}
