import { describe, expect, it } from 'vitest';
import { RateWindow } from './rate-window.ts';

describe('RateWindow', () => {
  it('allows max hits per key and window, then refuses until the window ends', () => {
    let now = 0;
    const limit = new RateWindow(2, 1000, () => now);
    expect([limit.hit('a'), limit.hit('a'), limit.hit('a')]).toEqual([true, true, false]);
    expect(limit.hit('b')).toBe(true);
    now = 1000;
    expect(limit.hit('a')).toBe(true);
  });
});
