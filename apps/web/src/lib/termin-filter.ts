import { TIME_ZONE } from '@dihs/contract/common/constants';
import { TERMINTYPEN, type Termintyp } from '@dihs/contract/termin';

/** "01.12.2026" as "2026-12-01"; null for anything that is not a German date (the calendar check is the schema's). */
export function isoOfGermanDate(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** "2026-12-01" as "01.12.2026". */
export const germanOfIsoDate = (iso: string): string => iso.split('-').reverse().join('.');

/** Whether YYYY-MM-DD names a real calendar day (no 31.02.). */
export function isRealIsoDay(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
}

/** Toggles a type; the last type that is on stays on (spec 2 section 5: at least one stays on). */
export function toggleTyp(current: readonly Termintyp[], typ: Termintyp): readonly Termintyp[] {
  if (!current.includes(typ)) return TERMINTYPEN.filter((t) => t === typ || current.includes(t));
  return current.length === 1 ? current : current.filter((t) => t !== typ);
}

/**
 * A day field of a list filter as the query wants it: '' when empty, YYYY-MM-DD for a real German date
 * (TT.MM.JJJJ), null for anything else (not sent; the field says why).
 */
export function filterDay(text: string): string | null {
  if (text.trim() === '') return '';
  const iso = isoOfGermanDate(text);
  return iso && isRealIsoDay(iso) ? iso : null;
}

const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Berlin calendar day (YYYY-MM-DD) of an instant: "today" of the plan's default range. */
export const berlinDayOf = (ms: number): string => berlinDay.format(new Date(ms));

/** The same calendar day a number of years later (29.02. becomes 28.02. in a common year). */
export function addYearsIso(iso: string, years: number): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(year + years, month - 1, day));
  if (target.getUTCMonth() !== month - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}
