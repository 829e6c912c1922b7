import { describe, expect, it } from 'vitest';
import { formatEuroCents } from '@dihs/contract/zahlung';
import { packageLines, vatOf } from './guthaben-pdf.ts';

describe('money on the confirmation', () => {
  it.each([
    [4900, 4118, 782],
    [1250, 1050, 200],
    [1, 1, 0],
    [119, 100, 19],
  ])('splits %i cents into net %i and VAT %i (19 %% included)', (gross, net, vat) => {
    expect(vatOf(gross)).toEqual({ netCents: net, vatCents: vat });
  });

  it.each([
    [1250, '12,50 €'],
    [5, '0,05 €'],
    [123456789, '1.234.567,89 €'],
    [-1250, '-12,50 €'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatEuroCents(cents)).toBe(text);
  });

  it('lists only the counts of a package, with durations except findings', () => {
    expect(packageLines({ einzelTermine: 2, gruppenTermine: 0, telefonTermine: 1, anamnese: 0, befunde: 3 })).toEqual([
      '2 × Einzeltermin Video (je 20 Min.)',
      '1 × Telefontermin (je 20 Min.)',
      '3 × Befundtermin',
    ]);
  });
});
