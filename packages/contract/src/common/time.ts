/**
 * Time on the platform, for server, web and PDFs alike: every calendar day and wall-clock time is Berlin's (German
 * notation, 24 h) whatever zone the server or the browser runs in, and the two time rules of spec 2 section 9 (the
 * 24 h cancellation notice, the 10 minute session lead) have one implementation here.
 * No zod in this file: the web's landing page imports it and must stay small.
 */

export const TIME_ZONE = 'Europe/Berlin';

/** An instant as the code meets it: a Date (server, database), an ISO string (API) or epoch milliseconds (timers). */
export type Instant = Date | string | number;

const toMs = (instant: Instant): number =>
  instant instanceof Date ? instant.getTime() : typeof instant === 'string' ? Date.parse(instant) : instant;

const MINUTE_MS = 60_000;

/** Spec 2 section 9: a booked seat can be cancelled only while the start is more than 24 hours away. */
export const CANCELLATION_NOTICE_MS = 24 * 60 * MINUTE_MS;

/** Spec 2 section 9: a video session opens 10 minutes before the start (and closes at start + dauer). */
export const SESSION_LEAD_MS = 10 * MINUTE_MS;

// formatToParts of en-US with h23 gives plain numeric parts whatever a locale's order, and midnight as 00
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const wallClockParts = (ms: number): Record<string, string> =>
  Object.fromEntries(wallClock.formatToParts(ms).map((part) => [part.type, part.value]));

/** How far Berlin is ahead of UTC at this instant, in ms (1 h in winter, 2 h in summer), from the time zone data. */
function berlinOffsetFromZoneData(ms: number): number {
  const p = wallClockParts(ms);
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const HOUR_MS = 60 * MINUTE_MS;
const OFFSETS_KEPT = 4096;
// Berlin changes its offset only on whole UTC hours, so one look-up in the time zone data per hour serves every
// instant of it: the server asks for "today" and the days of list rows on every request, and formatToParts costs
// about 6 µs each time. Bounded: cleared when full.
const offsetByHour = new Map<number, number>();

function berlinOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = berlinOffsetFromZoneData(hour * HOUR_MS);
    if (offsetByHour.size >= OFFSETS_KEPT) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The Berlin calendar day and time of an instant: ["2026-11-21", "14:30"]. */
export function utcToBerlin(instant: Instant): [string, string] {
  const ms = toMs(instant);
  const wall = new Date(ms + berlinOffsetMs(ms)).toISOString();
  return [wall.slice(0, 10), wall.slice(11, 16)];
}

/** The Berlin calendar day (YYYY-MM-DD) of an instant, today by default: the platform's day for form and server. */
export const berlinDay = (instant: Instant = new Date()): string => utcToBerlin(instant)[0];

/**
 * The instant of a Berlin day and time ("2026-03-29", "02:30"). A time that the spring change skips resolves to the
 * hour after; a time the autumn change repeats resolves to its second occurrence (already winter time).
 */
export function berlinToUtc(day: string, time = '00:00'): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const naive = Date.UTC(y!, m! - 1, d, h, min);
  const first = naive - berlinOffsetMs(naive);
  return new Date(naive - berlinOffsetMs(first));
}

/** Adds (or with a negative count subtracts) days to an ISO day: calendar days, untouched by summer time. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** Whether a text is an ISO day (YYYY-MM-DD) that names a real calendar day (no 2023-02-30). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const dateTimeDe = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "21.11.2026, 07:15" in Berlin time. */
export const formatDateTimeDe = (instant: Instant): string => dateTimeDe.format(toMs(instant));

/** "21.11.2026, 07:15 Uhr" in Berlin time: how running text and the web's lists show a point in time. */
export const formatDateTimeUhr = (instant: Instant): string => `${formatDateTimeDe(instant)} Uhr`;

/** An ISO day as "12.04.1980"; null or empty as '', anything that is not three parts unchanged. */
export function formatDayDe(iso: string | null | undefined): string {
  if (!iso) return '';
  const [year, month, day] = iso.split('-');
  return day && month && year ? `${day}.${month}.${year}` : iso;
}

/** "1.12.2026" or "01.12.2026" as "2026-12-01"; null for anything not shaped TT.MM.JJJJ (no calendar check). */
export function parseDayDe(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** Whether a booked seat may be cancelled at `now`: the start is more than 24 hours away. */
export const canCancel = (start: Instant, now: Instant): boolean => toMs(start) - toMs(now) > CANCELLATION_NOTICE_MS;

/** The last instant (ms) before which a seat of an appointment starting at `start` can be cancelled. */
export const cancellationDeadline = (start: Instant): number => toMs(start) - CANCELLATION_NOTICE_MS;

interface Timed {
  datum: Instant;
  /** Minutes. */
  dauer: number;
}

/** The session window in ms, both ends included: 10 minutes before the start to start + dauer; null for a bad date. */
export function sessionWindow(termin: Timed): { opens: number; closes: number } | null {
  const start = toMs(termin.datum);
  if (Number.isNaN(start)) return null;
  return { opens: start - SESSION_LEAD_MS, closes: start + termin.dauer * MINUTE_MS };
}

/**
 * Whether a video session may be started or joined at `now` (spec 2 section 4): inside the session window, never for
 * a phone appointment. The server decides it for joining; the web only enables buttons with it.
 */
export function canStartSession(termin: Timed & { termintyp: string }, now: Instant): boolean {
  if (termin.termintyp === 'TELEFON') return false;
  const window = sessionWindow(termin);
  const time = toMs(now);
  return window !== null && time >= window.opens && time <= window.closes;
}

/** Milliseconds until the session window next opens or closes, or null when it never will again (for timers). */
export function nextSessionWindowChange(termin: Timed, now: Instant): number | null {
  const window = sessionWindow(termin);
  if (!window) return null;
  const time = toMs(now);
  if (time < window.opens) return window.opens - time;
  if (time <= window.closes) return window.closes - time + 1;
  return null;
}
