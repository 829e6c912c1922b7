/**
 * Device and browser of a User-Agent header, in German, for "Angemeldete Geräte" and the new-device mail. A small
 * parse of the common families rather than a dependency: the list shows what a person recognises ("Windows-PC,
 * Firefox 133"), not a precise inventory, and anything unknown reads as such (docs/decisions.md, issue 31 item 7).
 * The raw header is not stored.
 */
export interface ParsedUserAgent {
  geraet: string;
  browser: string;
}

const UNKNOWN_DEVICE = 'Unbekanntes Gerät';
const UNKNOWN_BROWSER = 'Unbekannter Browser';

const major = (ua: string, pattern: RegExp): string | undefined => pattern.exec(ua)?.[1];

function device(ua: string): string {
  const ios = major(ua, /OS (\d+)[_.\d]* like Mac OS X/);
  if (/iPhone/.test(ua)) return ios ? `iPhone (iOS ${ios})` : 'iPhone';
  if (/iPad/.test(ua)) return ios ? `iPad (iPadOS ${ios})` : 'iPad';
  const android = major(ua, /Android (\d+)/);
  if (/Android/.test(ua)) {
    const kind = /Mobile/.test(ua) ? 'Android-Smartphone' : 'Android-Tablet';
    return android ? `${kind} (Android ${android})` : kind;
  }
  if (/Windows/.test(ua)) return 'Windows-PC';
  if (/CrOS/.test(ua)) return 'Chromebook';
  if (/Macintosh|Mac OS X/.test(ua)) return 'Mac';
  if (/Linux|X11/.test(ua)) return 'Linux-PC';
  return UNKNOWN_DEVICE;
}

/** First match wins: Edge, Opera and Samsung carry "Chrome/" too, Chrome carries "Safari/". */
const BROWSERS: readonly [string, RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:HeadlessChrome|CriOS|Chrome)\/(\d+)/],
  ['Chromium', /Chromium\/(\d+)/],
  ['Safari', /Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

function browser(ua: string): string {
  for (const [name, pattern] of BROWSERS) {
    const version = major(ua, pattern);
    if (version) return `${name} ${version}`;
  }
  return UNKNOWN_BROWSER;
}

/** Device and browser of the header; an absent or overlong header reads as unknown. */
export function parseUserAgent(header: string | undefined): ParsedUserAgent {
  if (!header || header.length > 1000) return { geraet: UNKNOWN_DEVICE, browser: UNKNOWN_BROWSER };
  return { geraet: device(header), browser: browser(header) };
}
