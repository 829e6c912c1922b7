import { isIsoDay, parseDayDe } from '@dihs/contract/common/time';
import { TERMINTYPEN, type Termintyp } from '@dihs/contract/termin';

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
  const iso = parseDayDe(text);
  return iso && isIsoDay(iso) ? iso : null;
}

/** The same calendar day a number of years later (29.02. becomes 28.02. in a common year). */
export function addYearsIso(iso: string, years: number): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(year + years, month - 1, day));
  if (target.getUTCMonth() !== month - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}
