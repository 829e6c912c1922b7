import { describe, expect, it } from 'vitest';
import { berlinToUtc, dayRange, utcToBerlin } from './termin-zeit.ts';

describe('Berlin wall clock', () => {
  it('converts winter and summer times to UTC', () => {
    expect(berlinToUtc('2026-01-15', '10:00').toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(berlinToUtc('2026-07-15', '10:00').toISOString()).toBe('2026-07-15T08:00:00.000Z');
  });
  it('resolves the skipped spring hour and round-trips', () => {
    expect(berlinToUtc('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(utcToBerlin(new Date('2026-07-15T08:00:00Z'))).toEqual(['2026-07-15', '10:00']);
  });
  it('one date is that day only, two dates are inclusive, none is today for a year', () => {
    const now = new Date('2026-11-21T07:00:00Z');
    expect(dayRange(now, '2026-12-01')).toEqual({
      from: new Date('2026-11-30T23:00:00Z'),
      to: new Date('2026-12-01T23:00:00Z'),
    });
    expect(dayRange(now, '2026-12-01', '2026-12-03').to).toEqual(new Date('2026-12-03T23:00:00Z'));
    expect(dayRange(now)).toEqual({ from: new Date('2026-11-20T23:00:00Z'), to: new Date('2027-11-21T23:00:00Z') });
  });
});
