import { TERMINTYPEN, type Termintyp } from '@dihs/contract/termin';
import { isoOfGermanDate } from './termin-form-state.ts';

/** The order of the operator list's type checkboxes (spec 2 "Operator appointment list and form"). */
export const FILTER_ORDER: readonly Termintyp[] = ['TELEFON', 'EINZEL', 'GRUPPE', 'BEFUND', 'ANAMNESE'];

/** Toggles a type; the last type that is on stays on (spec 2 section 5: at least one stays on). */
export function toggleTyp(current: readonly Termintyp[], typ: Termintyp): readonly Termintyp[] {
  if (!current.includes(typ)) return TERMINTYPEN.filter((t) => t === typ || current.includes(t));
  return current.length === 1 ? current : current.filter((t) => t !== typ);
}

/**
 * A day field of the list filter as the query wants it: '' when empty, YYYY-MM-DD for a real German date
 * (TT.MM.JJJJ), null for anything else (not sent; the field says why).
 */
export function filterDay(text: string): string | null {
  if (text.trim() === '') return '';
  const iso = isoOfGermanDate(text);
  if (!iso) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}
