import { addDays, berlinDay } from '@dihs/contract/common/time';

/** The calendar day before `now` in Berlin, "2026-11-20": the default end of a company subscription (spec 1 section 9). */
export function gesternIso(now: Date = new Date()): string {
  return addDays(berlinDay(now), -1);
}
