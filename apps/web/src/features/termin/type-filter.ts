import { utcToBerlin } from '@dihs/contract/common/time';
import type { Termin, Termintyp } from '@dihs/contract/termin';

/** The order of the operator list's type checkboxes (spec 2 "Operator appointment list and form"). */
export const FILTER_ORDER: readonly Termintyp[] = ['TELEFON', 'EINZEL', 'GRUPPE', 'BEFUND', 'ANAMNESE'];

// shared with the patient plan's filter
export { filterDay, toggleTyp } from '../../lib/termin-filter.ts';

/**
 * Whether the operator list's filter lets an appointment through: its type is ticked and its Berlin day lies in the
 * range (Berlin days, inclusive; one bound alone means that day only, as the server reads it).
 */
export function passesFilter(
  termin: Pick<Termin, 'termintyp' | 'datum'>,
  typen: readonly Termintyp[],
  range: { von: string; bis: string },
): boolean {
  if (!typen.includes(termin.termintyp)) return false;
  const [tag] = utcToBerlin(termin.datum);
  const von = range.von || range.bis;
  const bis = range.bis || range.von;
  return !von || (tag >= von && tag <= bis);
}
