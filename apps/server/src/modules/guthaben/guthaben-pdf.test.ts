import { describe, expect, it } from 'vitest';
import { packageLines } from './guthaben-pdf.ts';

describe('money on the confirmation', () => {
  it('lists only the counts of a package, with durations except findings', () => {
    expect(packageLines({ einzelTermine: 2, gruppenTermine: 0, telefonTermine: 1, anamnese: 0, befunde: 3 })).toEqual([
      '2 × Video-Einzeltermin (je 20 Min.)',
      '1 × Telefontermin (je 20 Min.)',
      '3 × Befundtermin',
    ]);
  });
});
