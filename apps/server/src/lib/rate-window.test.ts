import { describe, expect, it } from 'vitest';
import { RateWindow, redisRateCounter } from './rate-window.ts';

describe('RateWindow', () => {
  it('allows max hits per key and window, then refuses until the window ends', async () => {
    let now = 0;
    const limit = new RateWindow(2, 1000, () => now);
    expect([await limit.hit('a'), await limit.hit('a'), await limit.hit('a')]).toEqual([true, true, false]);
    expect(await limit.hit('b')).toBe(true);
    now = 1000;
    expect(await limit.hit('a')).toBe(true);
  });
});

describe('redisRateCounter', () => {
  it('counts under a hashed key and refuses above max', async () => {
    const counts = new Map<string, number>();
    const keys: string[] = [];
    const redis = {
      eval: (_script: string, _n: number, key: string) => {
        keys.push(key);
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return Promise.resolve(counts.get(key));
      },
    };
    const limit = redisRateCounter(redis as never, { keyPrefix: 'p:', max: 2, windowMs: 1000, onError: () => {} });
    expect([
      await limit.hit('anna@example.de'),
      await limit.hit('anna@example.de'),
      await limit.hit('anna@example.de'),
    ]).toEqual([true, true, false]);
    expect(keys[0]).toMatch(/^p:[A-Za-z0-9_-]{43}$/);
    expect(keys[0]).not.toContain('anna');
  });

  it('allows the event and reports the error when Redis fails', async () => {
    const errors: Error[] = [];
    const redis = { eval: () => Promise.reject(new Error('weg')) };
    const limit = redisRateCounter(redis, {
      keyPrefix: 'p:',
      max: 1,
      windowMs: 1000,
      onError: (error) => errors.push(error),
    });
    expect(await limit.hit('a')).toBe(true);
    expect(errors.map((e) => e.message)).toEqual(['weg']);
  });
});
