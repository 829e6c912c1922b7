/**
 * Counts events per key in fixed windows, in memory. Used for the per-account login limit, which
 * must see the parsed body (the IP limit runs earlier, in @fastify/rate-limit).
 */
export class RateWindow {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records one event; false when the key has used up its window. */
  hit(key: string): boolean {
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
