import { describe, expect, it } from 'vitest';
import { MODULES } from '../index.ts';
import { patientErasers } from './loeschung.erase.ts';

const step = (name: string) => MODULES.find((m) => m.name === name)?.erasePatient;

describe('patientErasers', () => {
  it('takes the steps from the module list in the fixed erasure order, users last', () => {
    const erasers = patientErasers(MODULES);
    const named = [
      'profil',
      'codes',
      'mail',
      'feedback',
      'cart',
      'video',
      'rezept',
      'training',
      'fragebogen',
      'anamnese',
      'termin',
      'einwilligung',
      'protokoll',
      'users',
    ].map(step);
    expect(named.every(Boolean)).toBe(true);
    expect(erasers).toEqual(named);
  });

  it('refuses a module with a step but no place in the order', () => {
    const stray = { name: 'neu', erasePatient: async () => [] };
    expect(() => patientErasers([...MODULES, stray])).toThrow(/neu/);
  });
});
