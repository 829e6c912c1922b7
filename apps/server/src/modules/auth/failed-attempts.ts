import { createHmac } from 'node:crypto';
import type { RateCounter } from '../../lib/rate-window.ts';

/** How long a counted wrong password is remembered: the dialog's second call follows within moments. */
export const FAILED_ATTEMPT_MEMORY_MS = 10_000;

/**
 * The login dialog asks secondFactorRequired and then authenticate with the same password. Both count a
 * wrong password (otherwise secondFactorRequired would be a password oracle without lockout), so this
 * remembers a failed attempt for a few seconds and lets the second call of the same attempt pass uncounted.
 * It keeps its memory in a rate counter of one event per window (app.rateCounter): with several instances in Redis,
 * since behind a round-robin proxy the two calls reach different instances and would otherwise count twice.
 * Only a keyed hash of the password goes into the key (which the counter hashes once more).
 */
export class FailedAttemptMemory {
  constructor(
    private readonly secret: string,
    private readonly counter: RateCounter,
  ) {}

  /** True the first time this wrong password for this account is seen within the window: count it then only. */
  async firstSeen(email: string, password: string): Promise<boolean> {
    const fingerprint = createHmac('sha256', this.secret).update(password).digest('base64url');
    return this.counter.hit(`${email}\u0000${fingerprint}`);
  }
}
