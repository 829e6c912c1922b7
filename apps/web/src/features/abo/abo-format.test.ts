import { describe, expect, it } from 'vitest';
import { gesternIso } from './abo-format.ts';

describe('gesternIso', () => {
  it('is the day before in Berlin, also across months, years and late evenings in UTC', () => {
    expect(gesternIso(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-20');
    expect(gesternIso(new Date('2027-01-01T00:30:00+01:00'))).toBe('2026-12-31');
    // 23:30 UTC on 31 March is already 1 April in Berlin
    expect(gesternIso(new Date('2026-03-31T23:30:00Z'))).toBe('2026-03-31');
    expect(gesternIso(new Date('2028-03-01T12:00:00Z'))).toBe('2028-02-29');
  });
});
