import { describe, expect, it } from 'vitest';
import {
  addMonths,
  kuendigungZum,
  laufzeitEnde,
  laufzeitNrAm,
  laufzeitNrVonPeriode,
  letzterKuendigungsTag,
  periodeBeginn,
  periodeEnde,
  type Vertragsdaten,
} from './abo-dates.ts';

const v = (beginn: string, extra: Partial<Vertragsdaten> = {}): Vertragsdaten => ({
  beginn,
  laufzeitMonate: 12,
  buchungMonate: 3,
  kuendigungsfristMonate: 3,
  ...extra,
});

describe('calendar arithmetic', () => {
  it('adds months and clamps to the last day of shorter months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 3)).toBe('2026-04-30');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-05-15', -6)).toBe('2025-11-15');
  });
});

describe('contract dates', () => {
  it('computes intervals from the first day, so clamping never drifts', () => {
    const contract = v('2026-01-31');
    expect([0, 1, 2, 3, 4].map((nr) => periodeBeginn(contract, nr))).toEqual([
      '2026-01-31',
      '2026-04-30',
      '2026-07-31',
      '2026-10-31',
      '2027-01-31',
    ]);
    expect(periodeEnde(contract, 0)).toBe('2026-04-29');
    expect(periodeEnde(contract, 1)).toBe('2026-07-30');
  });

  it('knows the term of each interval and the term ends', () => {
    const contract = v('2026-01-15');
    expect([0, 3, 4, 7, 8].map((nr) => laufzeitNrVonPeriode(contract, nr))).toEqual([0, 0, 1, 1, 2]);
    expect(laufzeitEnde(contract, 0)).toBe('2027-01-14');
    expect(laufzeitEnde(contract, 1)).toBe('2028-01-14');
    expect(laufzeitNrAm(contract, '2027-01-14')).toBe(0);
    expect(laufzeitNrAm(contract, '2027-01-15')).toBe(1);
  });

  it('puts the last cancellation day the notice period before the day after the term', () => {
    expect(letzterKuendigungsTag(v('2026-01-15'), 0)).toBe('2026-10-14');
    expect(letzterKuendigungsTag(v('2026-01-15', { kuendigungsfristMonate: 0 }), 0)).toBe('2027-01-14');
    expect(
      letzterKuendigungsTag(v('2026-01-15', { kuendigungsfristMonate: 1, laufzeitMonate: 1, buchungMonate: 1 }), 0),
    ).toBe('2026-01-14');
  });

  it('cancels to the current term while its last day has not passed, else to the next', () => {
    const contract = v('2026-01-15');
    expect(kuendigungZum(contract, '2026-03-01', 0)).toEqual({ k: 0, ende: '2027-01-14' });
    expect(kuendigungZum(contract, '2026-10-14', 0)).toEqual({ k: 0, ende: '2027-01-14' });
    expect(kuendigungZum(contract, '2026-10-15', 0)).toEqual({ k: 1, ende: '2028-01-14' });
    // a one-month contract with a month's notice always runs one more term
    const monthly = v('2026-01-15', { laufzeitMonate: 1, buchungMonate: 1, kuendigungsfristMonate: 1 });
    expect(kuendigungZum(monthly, '2026-01-20', 0)).toEqual({ k: 1, ende: '2026-03-14' });
  });
});
