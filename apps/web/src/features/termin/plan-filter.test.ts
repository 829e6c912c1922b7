import { describe, expect, it } from 'vitest';
import { apiQueryOf, filterOfSearch, rangeOf, searchOfFilter, type PlanFilter } from './plan-filter.ts';

const read = (query: string, therapeut?: string) => filterOfSearch(new URLSearchParams(query), therapeut);
const DEFAULT: PlanFilter = {
  ta: 'frei',
  id: null,
  b: '',
  t: null,
  von: null,
  bis: null,
  typen: ['EINZEL', 'GRUPPE', 'TELEFON', 'ANAMNESE', 'BEFUND'],
  nurFirma: false,
};

describe('filterOfSearch', () => {
  it('reads every query parameter of spec 2', () => {
    expect(read('ta=alle&b=R%C3%BCcken&t=4&zaj=2026&zam=12&zat=1&zej=2027&zem=1&zet=31&kgt&nf')).toEqual({
      ...DEFAULT,
      ta: 'alle',
      b: 'Rücken',
      t: 4,
      von: '2026-12-01',
      bis: '2027-01-31',
      typen: ['EINZEL', 'TELEFON', 'ANAMNESE', 'BEFUND'],
      nurFirma: true,
    });
    expect(read('ket=').typen).toEqual(['GRUPPE', 'TELEFON', 'ANAMNESE', 'BEFUND']);
  });

  it('is the default view without parameters', () => {
    expect(read('')).toEqual(DEFAULT);
  });

  it('takes the route parameter therapeut unless t is given', () => {
    expect(read('', '7').t).toBe(7);
    expect(read('t=8', '7').t).toBe(8);
    expect(read('', 'Thomas').t).toBeNull();
  });

  it('treats an id without ta as the single appointment, and url without id as frei', () => {
    expect(read('id=12')).toMatchObject({ ta: 'url', id: 12 });
    expect(read('ta=url').ta).toBe('frei');
    expect(read('ta=angemeldet&id=12').ta).toBe('angemeldet');
  });

  it('falls back to defaults for unreadable values', () => {
    expect(read('ta=kaputt&t=-3&id=x&zaj=2026&zam=2&zat=30')).toEqual(DEFAULT);
    // every type off: at least one stays on, so all are shown
    expect(read('ket&kgt&ktt&kat&kbt').typen).toEqual(DEFAULT.typen);
  });
});

describe('searchOfFilter', () => {
  it('leaves defaults out, so the default view has a plain address', () => {
    expect(searchOfFilter(DEFAULT).toString()).toBe('');
  });

  it('round-trips every filter through the address', () => {
    const filter: PlanFilter = {
      ta: 'url',
      id: 5,
      b: 'Knie-Arthrose',
      t: 4,
      von: '2026-12-01',
      bis: '2026-12-24',
      typen: ['EINZEL'],
      nurFirma: true,
    };
    const search = searchOfFilter(filter);
    expect(search.get('zat')).toBe('1');
    expect(search.has('kgt')).toBe(true);
    expect(search.has('ket')).toBe(false);
    expect(filterOfSearch(new URLSearchParams(search.toString()))).toEqual(filter);
  });
});

describe('rangeOf', () => {
  it('one date is that day, two are sorted and inclusive, none is today to one year ahead', () => {
    expect(rangeOf({ von: '2026-12-01', bis: null }, '2026-11-21')).toEqual({ von: '2026-12-01', bis: '2026-12-01' });
    expect(rangeOf({ von: null, bis: '2026-12-03' }, '2026-11-21')).toEqual({ von: '2026-12-03', bis: '2026-12-03' });
    expect(rangeOf({ von: '2026-12-24', bis: '2026-12-01' }, '2026-11-21')).toEqual({
      von: '2026-12-01',
      bis: '2026-12-24',
    });
    expect(rangeOf({ von: null, bis: null }, '2028-02-29')).toEqual({ von: '2028-02-29', bis: '2029-02-28' });
  });
});

describe('apiQueryOf', () => {
  it('maps the filter onto the server query', () => {
    const query = apiQueryOf(
      { ...DEFAULT, b: 'Knie', t: 4, typen: ['EINZEL', 'GRUPPE'], nurFirma: true },
      '2026-11-21',
      1,
      25,
    );
    expect(Object.fromEntries(query)).toEqual({
      ta: 'frei',
      b: 'Knie',
      t: '4',
      typen: 'EINZEL,GRUPPE',
      von: '2026-11-21',
      bis: '2027-11-21',
      firma: 'true',
      page: '1',
      size: '25',
    });
    expect(apiQueryOf({ ...DEFAULT, ta: 'url', id: 9 }, '2026-11-21', 0, 50).get('id')).toBe('9');
  });
});
