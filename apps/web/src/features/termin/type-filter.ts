import type { Termintyp } from '@dihs/contract/termin';

/** The order of the operator list's type checkboxes (spec 2 "Operator appointment list and form"). */
export const FILTER_ORDER: readonly Termintyp[] = ['TELEFON', 'EINZEL', 'GRUPPE', 'BEFUND', 'ANAMNESE'];

// shared with the patient plan's filter
export { filterDay, toggleTyp } from '../../lib/termin-filter.ts';
