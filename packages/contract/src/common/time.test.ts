import { describe, expect, it } from 'vitest';
import {
  addDays,
  berlinDay,
  berlinToUtc,
  canCancel,
  canStartSession,
  cancellationDeadline,
  formatDateTimeDe,
  formatDateTimeUhr,
  formatDayDe,
  isIsoDay,
  nextSessionWindowChange,
  parseDayDe,
  utcToBerlin,
} from './time.ts';

const minutes = (n: number) => n * 60_000;

describe('Berlin calendar day', () => {
  it("is Berlin's date, not UTC's, in winter and summer", () => {
    expect(berlinDay(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(berlinDay(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(berlinDay(new Date('2026-07-15T21:59:00Z'))).toBe('2026-07-15');
    expect(berlinDay(Date.parse('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
    expect(berlinDay('2026-03-31T23:30:00Z')).toBe('2026-04-01');
    expect(berlinDay()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('adds calendar days across months, years and leap days', () => {
    expect(addDays('2026-11-21', -1)).toBe('2026-11-20');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-11-21', 365)).toBe('2027-11-21');
  });

  it('knows real ISO days', () => {
    expect(isIsoDay('2000-02-29')).toBe(true);
    expect(isIsoDay('2001-02-29')).toBe(false);
    expect(isIsoDay('1990-13-01')).toBe(false);
    expect(isIsoDay('1.1.1990')).toBe(false);
    expect(isIsoDay('')).toBe(false);
  });
});

describe('Berlin wall clock', () => {
  it('converts winter and summer times to UTC', () => {
    expect(berlinToUtc('2026-01-15', '10:00').toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(berlinToUtc('2026-07-15', '10:00').toISOString()).toBe('2026-07-15T08:00:00.000Z');
    expect(berlinToUtc('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });

  it('resolves the skipped spring hour forward and the doubled autumn hour to winter time', () => {
    expect(berlinToUtc('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(berlinToUtc('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T01:30:00.000Z');
  });

  it('reads day and time of an instant, midnight as 00:00', () => {
    expect(utcToBerlin(new Date('2026-07-15T08:00:00Z'))).toEqual(['2026-07-15', '10:00']);
    expect(utcToBerlin('2026-11-20T23:00:00.000Z')).toEqual(['2026-11-21', '00:00']);
    expect(utcToBerlin('2026-10-25T01:30:00Z')).toEqual(['2026-10-25', '02:30']);
  });

  it('reads every quarter hour of two years as the time zone data does, across both changes (offsets are cached per hour)', () => {
    const zone = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Berlin',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    const mismatches: string[] = [];
    const start = Date.UTC(2026, 0, 1);
    for (let ms = start; ms < start + 2 * 365 * 86_400_000; ms += 15 * 60_000 + 7_001) {
      const expected = zone.format(ms).split(' ');
      const actual = utcToBerlin(ms);
      if (actual[0] !== expected[0] || actual[1] !== expected[1]) mismatches.push(new Date(ms).toISOString());
    }
    expect(mismatches).toEqual([]);
    // the local times either side of the spring and the autumn change
    expect(utcToBerlin('2026-03-29T00:59:59Z')).toEqual(['2026-03-29', '01:59']);
    expect(utcToBerlin('2026-03-29T01:00:00Z')).toEqual(['2026-03-29', '03:00']);
    expect(utcToBerlin('2026-10-25T00:59:59Z')).toEqual(['2026-10-25', '02:59']);
    expect(utcToBerlin('2026-10-25T01:00:00Z')).toEqual(['2026-10-25', '02:00']);
  }, 30_000); // 70,000 readings of Intl: about 2 s alone, over 10 s beside a busy build
});

describe('German notation', () => {
  it('formats date and time in Berlin time, with or without "Uhr"', () => {
    expect(formatDateTimeDe(new Date('2026-07-01T10:05:00Z'))).toBe('01.07.2026, 12:05');
    expect(formatDateTimeDe('2026-01-15T08:30:00Z')).toBe('15.01.2026, 09:30');
    expect(formatDateTimeUhr('2026-01-15T08:30:00Z')).toBe('15.01.2026, 09:30 Uhr');
    expect(formatDateTimeUhr(new Date('2026-12-31T23:00:00Z'))).toBe('01.01.2027, 00:00 Uhr');
  });

  it('writes and reads ISO days as TT.MM.JJJJ', () => {
    expect(formatDayDe('1980-04-12')).toBe('12.04.1980');
    expect(formatDayDe(null)).toBe('');
    expect(formatDayDe('')).toBe('');
    expect(parseDayDe('1.2.2027')).toBe('2027-02-01');
    expect(parseDayDe(' 01.12.2026 ')).toBe('2026-12-01');
    expect(parseDayDe('2026-12-01')).toBeNull();
  });
});

describe('24 hour cancellation notice', () => {
  const start = new Date('2026-11-22T10:00:00Z');
  it('allows cancelling only while the start is more than 24 hours away', () => {
    expect(canCancel(start, new Date('2026-11-21T09:59:59.999Z'))).toBe(true);
    expect(canCancel(start, new Date('2026-11-21T10:00:00Z'))).toBe(false);
    expect(canCancel(start.toISOString(), Date.parse('2026-11-21T11:00:00Z'))).toBe(false);
    expect(canCancel('kaputt', 0)).toBe(false);
  });

  it('names the deadline', () => {
    expect(cancellationDeadline(start)).toBe(Date.parse('2026-11-21T10:00:00Z'));
  });
});

describe('session window', () => {
  const START = Date.parse('2026-11-21T10:00:00Z');
  const termin = { datum: '2026-11-21T10:00:00.000Z', dauer: 30, termintyp: 'EINZEL' };

  it('opens exactly 10 minutes before the start', () => {
    expect(canStartSession(termin, START - minutes(10) - 1)).toBe(false);
    expect(canStartSession(termin, START - minutes(10))).toBe(true);
    expect(canStartSession({ ...termin, datum: new Date(START) }, new Date(START - minutes(10)))).toBe(true);
  });

  it('closes after start plus dauer', () => {
    expect(canStartSession(termin, START + minutes(30))).toBe(true);
    expect(canStartSession(termin, START + minutes(30) + 1)).toBe(false);
  });

  it('never for a phone appointment', () => {
    expect(canStartSession({ ...termin, termintyp: 'TELEFON' }, START)).toBe(false);
  });

  it('refuses an unreadable date', () => {
    expect(canStartSession({ ...termin, datum: 'kaputt' }, START)).toBe(false);
    expect(nextSessionWindowChange({ ...termin, datum: 'kaputt' }, START)).toBeNull();
  });

  it('counts to the opening, then to the closing, then nothing', () => {
    expect(nextSessionWindowChange(termin, START - minutes(20))).toBe(minutes(10));
    expect(nextSessionWindowChange(termin, START)).toBe(minutes(30) + 1);
    expect(nextSessionWindowChange(termin, START + minutes(31))).toBeNull();
  });
});
