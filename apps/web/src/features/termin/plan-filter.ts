import { isIsoDay } from '@dihs/contract/common/time';
import {
  TERMIN_FILTER_KINDS,
  TERMIN_LIMITS,
  TERMINTYPEN,
  type TerminFilterKind,
  type Termintyp,
} from '@dihs/contract/termin';
import { addYearsIso } from '../../lib/termin-filter.ts';

/**
 * The filters of the patient plan (spec 2 "Patient appointment plan") and their query parameters, so a filtered
 * view is a shareable link: reading the address sets the filters, changing a filter writes the address.
 */
export interface PlanFilter {
  ta: TerminFilterKind;
  /** The single appointment of kind url. */
  id: number | null;
  /** Befund, exact name; '' for every Befund. */
  b: string;
  /** The therapist's user id. */
  t: number | null;
  /** Berlin days (YYYY-MM-DD) as entered; both null means the default range. */
  von: string | null;
  bis: string | null;
  /** The types that are on, in TERMINTYPEN order; never empty. */
  typen: readonly Termintyp[];
  /** "Nur Firmentermine". */
  nurFirma: boolean;
}

/** The labels of the kind choice. */
export const FILTER_KIND_LABELS: Record<TerminFilterKind, string> = {
  frei: 'Freie Termine',
  angemeldet: 'Gebuchte Termine',
  alle: 'Alle Termine',
  url: 'Ausgewählter Termin',
};

/**
 * Query parameter that, when present, switches a type off. kgt and ket are the spec's; the other three follow
 * their pattern (decided, the spec shows only single and group).
 */
export const TYP_OFF_PARAMS: Record<Termintyp, string> = {
  EINZEL: 'ket',
  GRUPPE: 'kgt',
  TELEFON: 'ktt',
  ANAMNESE: 'kat',
  BEFUND: 'kbt',
};

/** Decided: "Nur Firmentermine" as parameter nf (present: on); the spec lists no parameter for it. */
export const NUR_FIRMA_PARAM = 'nf';

const positiveId = (text: string | null | undefined): number | null =>
  text && /^\d{1,10}$/.test(text) && Number(text) > 0 && Number(text) <= 2_147_483_647 ? Number(text) : null;

function dayFromParams(params: URLSearchParams, year: string, month: string, day: string): string | null {
  const y = params.get(year);
  const m = params.get(month);
  const d = params.get(day);
  if (!y || !m || !d || !/^\d{4}$/.test(y) || !/^\d{1,2}$/.test(m) || !/^\d{1,2}$/.test(d)) return null;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isIsoDay(iso) ? iso : null;
}

function setDay(params: URLSearchParams, iso: string | null, keys: [string, string, string]): void {
  if (!iso) return;
  const [y = '', m = '', d = ''] = iso.split('-');
  params.set(keys[0], y);
  params.set(keys[1], String(Number(m)));
  params.set(keys[2], String(Number(d)));
}

/**
 * Reads the filters from the query and the optional route parameter therapeut (which pre-fills the therapist
 * filter; t in the query wins). Unreadable values fall back to their default, so an old or mistyped link still
 * shows a list. An id without ta means the single appointment (kind url).
 */
export function filterOfSearch(params: URLSearchParams, routeTherapeut?: string): PlanFilter {
  const id = positiveId(params.get('id'));
  const taText = params.get('ta');
  const ta = TERMIN_FILTER_KINDS.find((kind) => kind === taText) ?? (id !== null ? 'url' : 'frei');
  const typenOn = TERMINTYPEN.filter((typ) => !params.has(TYP_OFF_PARAMS[typ]));
  return {
    ta: ta === 'url' && id === null ? 'frei' : ta,
    id,
    b: (params.get('b') ?? '').trim().slice(0, TERMIN_LIMITS.befund),
    t: positiveId(params.get('t')) ?? positiveId(routeTherapeut),
    von: dayFromParams(params, 'zaj', 'zam', 'zat'),
    bis: dayFromParams(params, 'zej', 'zem', 'zet'),
    // at least one type stays on: a link that switches every type off shows all of them
    typen: typenOn.length > 0 ? typenOn : TERMINTYPEN,
    nurFirma: params.has(NUR_FIRMA_PARAM),
  };
}

/** The query of a filter; defaults are left out, so the plain address is the default view. */
export function searchOfFilter(filter: PlanFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.ta !== 'frei') params.set('ta', filter.ta);
  if (filter.id !== null && filter.ta === 'url') params.set('id', String(filter.id));
  if (filter.b) params.set('b', filter.b);
  if (filter.t !== null) params.set('t', String(filter.t));
  setDay(params, filter.von, ['zaj', 'zam', 'zat']);
  setDay(params, filter.bis, ['zej', 'zem', 'zet']);
  for (const typ of TERMINTYPEN) if (!filter.typen.includes(typ)) params.set(TYP_OFF_PARAMS[typ], '');
  if (filter.nurFirma) params.set(NUR_FIRMA_PARAM, '');
  return params;
}

/** The default range: today to one year ahead (spec 2 section 9). */
export const defaultRange = (today: string) => ({ von: today, bis: addYearsIso(today, 1) });

/**
 * The days the list covers: one date alone is that day, two dates are an inclusive range in either order (spec 2:
 * "sorted"), none is the default range.
 */
export function rangeOf(filter: Pick<PlanFilter, 'von' | 'bis'>, today: string): { von: string; bis: string } {
  const { von, bis } = filter;
  if (von && bis) return von <= bis ? { von, bis } : { von: bis, bis: von };
  const one = von ?? bis;
  return one ? { von: one, bis: one } : defaultRange(today);
}

/** The server query of GET /termin/patient/all (and the operator's /termin/betreiber/for/all/{patientId}). */
export function apiQueryOf(filter: PlanFilter, today: string, page: number, size: number): URLSearchParams {
  const query = new URLSearchParams({ ta: filter.ta });
  if (filter.ta === 'url' && filter.id !== null) query.set('id', String(filter.id));
  if (filter.b) query.set('b', filter.b);
  if (filter.t !== null) query.set('t', String(filter.t));
  query.set('typen', filter.typen.join(','));
  const range = rangeOf(filter, today);
  query.set('von', range.von);
  query.set('bis', range.bis);
  if (filter.nurFirma) query.set('firma', 'true');
  query.set('page', String(page));
  query.set('size', String(size));
  return query;
}
