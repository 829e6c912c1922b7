import { describe, expect, it } from 'vitest';
import { dayRange } from './termin-zeit.ts';

describe('Berlin day ranges', () => {
  it('one date is that day only, two dates are inclusive, none is today for a year', () => {
    const now = new Date('2026-11-21T07:00:00Z');
    expect(dayRange(now, '2026-12-01')).toEqual({
      from: new Date('2026-11-30T23:00:00Z'),
      to: new Date('2026-12-01T23:00:00Z'),
    });
    expect(dayRange(now, '2026-12-01', '2026-12-03').to).toEqual(new Date('2026-12-03T23:00:00Z'));
    expect(dayRange(now)).toEqual({ from: new Date('2026-11-20T23:00:00Z'), to: new Date('2027-11-21T23:00:00Z') });
  });

  it('the default range follows the Berlin day, also when it is asked for again within one', () => {
    expect(dayRange(new Date('2026-11-21T22:59:59Z')).from).toEqual(new Date('2026-11-20T23:00:00Z'));
    expect(dayRange(new Date('2026-11-21T23:00:00Z')).from).toEqual(new Date('2026-11-21T23:00:00Z'));
    expect(dayRange(new Date('2026-11-20T23:00:00Z')).from).toEqual(new Date('2026-11-20T23:00:00Z'));
    // the night the clocks go back an hour: the day is 25 hours long
    expect(dayRange(new Date('2026-10-25T22:30:00Z'))).toEqual({
      from: new Date('2026-10-24T22:00:00Z'),
      to: new Date('2027-10-25T22:00:00Z'),
    });
  });
});
