import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Counts events per key in fixed windows; the per-account login limit uses it (it must see the parsed body). */
export interface RateCounter {
  /** Records one event; false when the key has used up its window. */
  hit(key: string): Promise<boolean>;
}

/**
 * Counts events per key in fixed windows, in memory: the counter of a single instance. Several instances share
 * the Redis variant below, or each would allow the limit once more.
 */
export class RateWindow implements RateCounter {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): Promise<boolean> {
    return Promise.resolve(this.count(key));
  }

  private count(key: string): boolean {
    const time = this.now();
    const entry = this.counts.get(key);
    if (!entry || entry.resetAt <= time) {
      if (this.counts.size > 10_000) this.sweep(time);
      this.counts.set(key, { count: 1, resetAt: time + this.windowMs });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.max;
  }

  private sweep(time: number) {
    for (const [key, entry] of this.counts) if (entry.resetAt <= time) this.counts.delete(key);
  }
}

// One round trip, atomic: the first hit of a window starts its expiry, so a key never lives without one.
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * The same fixed window in Redis, shared by every instance. Keys are hashed: the counted key is an e-mail address,
 * which has no business in Redis. When Redis fails, the event is allowed and the error reported: the limit guards
 * against guessing, while a Redis outage must not lock everybody out (the per-address limit fails open the same way).
 */
export function redisRateCounter(
  redis: Pick<Redis, 'eval'>,
  options: { keyPrefix: string; max: number; windowMs: number; onError: (error: Error) => void },
): RateCounter {
  return {
    async hit(key) {
      const hashed = createHash('sha256').update(key).digest('base64url');
      try {
        const count = Number(await redis.eval(HIT_SCRIPT, 1, `${options.keyPrefix}${hashed}`, options.windowMs));
        return count <= options.max;
      } catch (error) {
        options.onError(error as Error);
        return true;
      }
    },
  };
}
