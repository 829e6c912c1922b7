import { addDays, berlinDay, berlinToUtc } from '@dihs/contract/common/time';

/**
 * The instants [from, to) of an inclusive Berlin day range; one day alone means that day only (spec 2 section 2).
 * Without dates: from today for one year (the patient plan's default).
 */
export function dayRange(now: Date, von?: string, bis?: string): { from: Date; to: Date } {
  const start = von ?? bis ?? berlinDay(now);
  const end = von && bis ? bis : von || bis ? start : addDays(start, 365);
  return { from: berlinToUtc(start), to: berlinToUtc(addDays(end, 1)) };
}
