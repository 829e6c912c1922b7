import { describe, expect, it } from 'vitest';
import { MODULES } from '../index.ts';
import { patientErasers } from './loeschung.erase.ts';

const step = (name: string) => MODULES.find((m) => m.name === name)?.erasePatient;

describe('patientErasers', () => {
  // the rules the order exists for (loeschung.erase.ts), not the list restated
  it('takes every module step once, users last, mail and feedback before users, open carts before appointments', () => {
    const erasers = patientErasers(MODULES);
    const withStep = MODULES.filter((module) => module.erasePatient);
    expect(erasers).toHaveLength(withStep.length);
    expect(new Set(erasers)).toEqual(new Set(withStep.map((module) => module.erasePatient)));
    const position = (name: string) => erasers.indexOf(step(name)!);
    expect(position('users')).toBe(erasers.length - 1);
    expect(position('mail')).toBeLessThan(position('users'));
    expect(position('feedback')).toBeLessThan(position('users'));
    expect(position('cart')).toBeGreaterThanOrEqual(0);
    expect(position('cart')).toBeLessThan(position('termin'));
  });

  it('refuses a module with a step but no place in the order', () => {
    const stray = { name: 'neu', erasePatient: async () => [] };
    expect(() => patientErasers([...MODULES, stray])).toThrow(/neu/);
  });
});
