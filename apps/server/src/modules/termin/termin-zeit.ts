import { TIME_ZONE } from '@dihs/contract/common/constants';

/** Berlin wall clock <-> UTC instants: appointments are stored as instants and entered and shown in Berlin. */

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

/** How far Berlin is ahead of UTC at this instant, in ms (1 h in winter, 2 h in summer). */
function berlinOffsetMs(instant: Date): number {
  const p = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant of a Berlin day and time ("2026-03-29", "02:30"). A time that the spring change skips resolves to the
 * hour after; an ambiguous autumn time to its first occurrence.
 */
export function berlinToUtc(day: string, time = '00:00'): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const naive = Date.UTC(y!, m! - 1, d, h, min);
  const first = naive - berlinOffsetMs(new Date(naive));
  return new Date(naive - berlinOffsetMs(new Date(first)));
}

/** The Berlin calendar day and time of an instant: ["2026-11-21", "14:30"]. */
export function utcToBerlin(instant: Date): [string, string] {
  const p = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return [`${p.year}-${p.month}-${p.day}`, `${p.hour}:${p.minute}`];
}

/** Adds days to an ISO day. */
export function addDaysIso(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * The instants [from, to) of an inclusive Berlin day range; one day alone means that day only (spec 2 section 2).
 * Without dates: from today for one year (the patient plan's default).
 */
export function dayRange(now: Date, von?: string, bis?: string): { from: Date; to: Date } {
  const start = von ?? bis ?? utcToBerlin(now)[0];
  const end = von && bis ? bis : von || bis ? start : addDaysIso(start, 365);
  return { from: berlinToUtc(start), to: berlinToUtc(addDaysIso(end, 1)) };
}
