import { createHmac } from 'node:crypto';

/**
 * The login dialog asks secondFactorRequired and then authenticate with the same password. Both count a
 * wrong password (otherwise secondFactorRequired would be a password oracle without lockout), so this
 * remembers a failed attempt for a few seconds and lets the second call of the same attempt pass uncounted.
 * Only a keyed hash of the password is kept, in memory.
 */
export class FailedAttemptMemory {
  private readonly recent = new Map<string, { fingerprint: string; until: number }>();

  constructor(
    private readonly secret: string,
    private readonly ttlMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  private fingerprint(password: string) {
    return createHmac('sha256', this.secret).update(password).digest('base64url');
  }

  /** True when this wrong password for this account was already counted moments ago. */
  alreadyCounted(email: string, password: string): boolean {
    const entry = this.recent.get(email);
    if (!entry || entry.until < this.now()) return false;
    return entry.fingerprint === this.fingerprint(password);
  }

  remember(email: string, password: string): void {
    if (this.recent.size > 10_000) {
      const time = this.now();
      for (const [key, value] of this.recent) if (value.until < time) this.recent.delete(key);
    }
    this.recent.set(email, { fingerprint: this.fingerprint(password), until: this.now() + this.ttlMs });
  }
}
