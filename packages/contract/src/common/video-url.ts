/**
 * Links to video hosting services (spec 3 section 5: "must be a URL of a video hosting service"). Only hosts whose
 * player we can embed without cookies are accepted: Vimeo (player with dnt=1) and YouTube (the nocookie host). The
 * CSP's frame-src names exactly the player origins below (docs/decisions.md, "Videos: Zwei-Klick-Lösung").
 */

export const VIDEO_URL_MESSAGE = 'Gültige Url eingeben';

/** The origins the player frames load from, for the CSP. */
export const VIDEO_PLAYER_ORIGINS = ['https://player.vimeo.com', 'https://www.youtube-nocookie.com'] as const;

const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
]);

export interface VideoRef {
  host: 'vimeo' | 'youtube';
  id: string;
}

const VIMEO_ID = /^\d{1,15}$/;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** The host and video id of a link, or null when it is not an https link to a known video of a known host. */
export function parseVideoUrl(text: string): VideoRef | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (VIMEO_HOSTS.has(host)) {
    // vimeo.com/123, vimeo.com/channels/x/123, player.vimeo.com/video/123
    const id = parts.at(-1) ?? '';
    return VIMEO_ID.test(id) ? { host: 'vimeo', id } : null;
  }
  if (YOUTUBE_HOSTS.has(host)) {
    const id =
      host === 'youtu.be'
        ? parts[0]
        : parts[0] === 'watch'
          ? url.searchParams.get('v')
          : parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'v'
            ? parts[1]
            : undefined;
    return id && YOUTUBE_ID.test(id) ? { host: 'youtube', id } : null;
  }
  return null;
}

export const isVideoUrl = (text: string): boolean => parseVideoUrl(text) !== null;

/** The player address, loaded only after the viewer clicks play: no tracking cookies (dnt, nocookie host). */
export function playerUrl(text: string): string | null {
  const ref = parseVideoUrl(text);
  if (!ref) return null;
  return ref.host === 'vimeo'
    ? `https://player.vimeo.com/video/${ref.id}?dnt=1&autoplay=1`
    : `https://www.youtube-nocookie.com/embed/${ref.id}?autoplay=1&rel=0`;
}

/** The video id the statistics count a view under (spec 3 section 7: the id from the video URL). */
export const videoIdOf = (text: string): string | null => parseVideoUrl(text)?.id ?? null;
