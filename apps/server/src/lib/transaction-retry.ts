import { sqlState } from './db-errors.ts';

/** SQLSTATEs after which the whole transaction may simply run again: nothing of it was committed. */
const RETRYABLE = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** Whether the error is a serialization failure or a deadlock, which PostgreSQL resolves by aborting one side. */
export const isRetryableTransactionError = (error: unknown): boolean => RETRYABLE.has(sqlState(error) ?? '');

export interface RetryOptions {
  /** How often the transaction runs at most (the first run included). */
  attempts?: number;
  /** The first back-off; each further one doubles, capped at maxDelayMs, and is jittered (0..delay). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Test seam: the random source of the jitter and the sleep. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface TransactionRunner<Tx> {
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in a transaction and runs it again (in a new one) when PostgreSQL aborted it as a deadlock victim or for
 * a serialization failure, a bounded number of times with jittered exponential back-off: parallel deliveries that
 * collided then spread out instead of colliding again in lockstep. Every other error is passed on at once. `fn` must
 * have no effects outside the transaction, since it may run more than once.
 */
export async function withTransactionRetry<Tx, T>(
  db: TransactionRunner<Tx>,
  fn: (tx: Tx) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? 5);
  const base = options.baseDelayMs ?? 10;
  const max = options.maxDelayMs ?? 500;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      // "full jitter": a random wait up to the capped exponential step
      await sleep(Math.round(random() * Math.min(max, base * 2 ** (attempt - 1))));
    }
  }
}
