import { describe, expect, it } from 'vitest';
import { canStartSession, nextWindowChange } from './session-window.ts';

const START = Date.parse('2026-11-21T10:00:00Z');
const termin = { datum: '2026-11-21T10:00:00.000Z', dauer: 30, termintyp: 'EINZEL' };
const minutes = (n: number) => n * 60 * 1000;

describe('canStartSession', () => {
  it('opens exactly 10 minutes before the start', () => {
    expect(canStartSession(termin, START - minutes(10) - 1)).toBe(false);
    expect(canStartSession(termin, START - minutes(10))).toBe(true);
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
  });
});

describe('nextWindowChange', () => {
  it('counts to the opening, then to the closing, then nothing', () => {
    expect(nextWindowChange(termin, START - minutes(20))).toBe(minutes(10));
    expect(nextWindowChange(termin, START)).toBe(minutes(30) + 1);
    expect(nextWindowChange(termin, START + minutes(31))).toBeNull();
  });
});
