import { TERMINTYPEN } from '@dihs/contract/termin';
import { describe, expect, it } from 'vitest';
import { passesFilter } from './type-filter.ts';

// 2026-12-01 23:30 UTC is 2 December in Berlin
const termin = { termintyp: 'GRUPPE', datum: '2026-12-01T23:30:00.000Z' } as const;

describe('passesFilter', () => {
  it('lets through a ticked type on a Berlin day in the range; no range means every day', () => {
    expect(passesFilter(termin, TERMINTYPEN, { von: '', bis: '' })).toBe(true);
    expect(passesFilter(termin, TERMINTYPEN, { von: '2026-12-02', bis: '2026-12-03' })).toBe(true);
    expect(passesFilter(termin, TERMINTYPEN, { von: '2026-11-01', bis: '2026-12-01' })).toBe(false);
  });

  it('reads one bound alone as that day only, and holds back an unticked type', () => {
    expect(passesFilter(termin, TERMINTYPEN, { von: '2026-12-02', bis: '' })).toBe(true);
    expect(passesFilter(termin, TERMINTYPEN, { von: '', bis: '2026-12-03' })).toBe(false);
    expect(passesFilter(termin, ['EINZEL'], { von: '', bis: '' })).toBe(false);
  });
});
