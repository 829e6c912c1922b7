import { addDays, berlinDay, berlinToUtc } from '@dihs/contract/common/time';

type Range = { from: Date; to: Date };

/** The instants [from, to) from the start of Berlin day `start` to the end of Berlin day `end`. */
const rangeOf = (start: string, end: string): Range => ({
  from: berlinToUtc(start),
  to: berlinToUtc(addDays(end, 1)),
});

/**
 * The default range (today for a year) with the Berlin day it belongs to, as instants: every list request without
 * dates asks for it, and its time zone arithmetic cost more than the rest of the list's own code.
 */
let today: { start: number; end: number; range: Range } | undefined;

/**
 * The instants [from, to) of an inclusive Berlin day range; one day alone means that day only (spec 2 section 2).
 * Without dates: from today for one year (the patient plan's default).
 */
export function dayRange(now: Date, von?: string, bis?: string): Range {
  if (von || bis) {
    const start = (von ?? bis)!;
    return rangeOf(start, von && bis ? bis : start);
  }
  const ms = now.getTime();
  if (!today || ms < today.start || ms >= today.end) {
    const day = berlinDay(now);
    const { from, to } = rangeOf(day, day);
    today = { start: from.getTime(), end: to.getTime(), range: rangeOf(day, addDays(day, 365)) };
  }
  return today.range;
}
