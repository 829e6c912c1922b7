/**
 * A token bucket per signaling socket: bursts up to `capacity` (ICE candidates of a full mesh come in a burst),
 * then `refillPerSecond` messages per second.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity;
    this.last = now();
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    const time = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((time - this.last) / 1000) * this.refillPerSecond);
    this.last = time;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
