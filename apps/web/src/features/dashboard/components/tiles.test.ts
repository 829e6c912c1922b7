import { begruessung } from '@dihs/contract/dashboard';
import { describe, expect, it } from 'vitest';
import { countdown, kalenderwoche } from './tiles.tsx';

describe('cockpit time texts', () => {
  it('greets by the hour', () => {
    expect([4, 5, 10, 11, 17, 18, 23].map(begruessung)).toEqual([
      'Guten Abend',
      'Guten Morgen',
      'Guten Morgen',
      'Guten Tag',
      'Guten Tag',
      'Guten Abend',
      'Guten Abend',
    ]);
  });

  it('counts down in days, hours or, in the last hour, minutes and seconds', () => {
    expect(countdown(2 * 86_400_000 + 3 * 3_600_000)).toBe('2 Tagen 3 Std.');
    expect(countdown(3_900_000)).toBe('1 Std. 5 Min.');
    expect(countdown(252_000)).toBe('4 Min. 12 Sek.');
    expect(countdown(-5)).toBe('0 Min. 0 Sek.');
  });

  it('names the ISO calendar week', () => {
    expect(kalenderwoche(new Date(2026, 10, 23))).toBe(48);
    expect(kalenderwoche(new Date(2027, 0, 1))).toBe(53);
    expect(kalenderwoche(new Date(2026, 0, 1))).toBe(1);
  });
});
