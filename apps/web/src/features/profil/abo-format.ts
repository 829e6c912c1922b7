import { TIME_ZONE } from '@dihs/contract/common/constants';

const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day before `now` in Berlin, "2026-11-20": the default end of a company subscription (spec 1 section 9). */
export function gesternIso(now: Date = new Date()): string {
  const [y, m, d] = berlinDay.format(now).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! - 1)).toISOString().slice(0, 10);
}
