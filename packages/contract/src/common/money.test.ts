import { describe, expect, it } from 'vitest';
import { formatEuroCents, splitVat } from './money.ts';

describe('money', () => {
  it.each([
    [1250, '12,50 €'],
    [5, '0,05 €'],
    [0, '0,00 €'],
    [100000, '1.000,00 €'],
    [123456789, '1.234.567,89 €'],
    [-1250, '-12,50 €'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatEuroCents(cents)).toBe(text);
  });

  it.each([
    [4900, 4118, 782],
    [1250, 1050, 200],
    [3000, 2521, 479],
    [8900, 7479, 1421],
    [1, 1, 0],
    [119, 100, 19],
    [0, 0, 0],
  ])('splits %i cents into net %i and VAT %i (19 %% included)', (gross, net, vat) => {
    expect(splitVat(gross)).toEqual({ netCents: net, vatCents: vat });
  });

  it('adds net and VAT up to the gross price', () => {
    for (let gross = 0; gross < 20_000; gross += 7) {
      const { netCents, vatCents } = splitVat(gross);
      expect(netCents + vatCents).toBe(gross);
    }
  });
});
