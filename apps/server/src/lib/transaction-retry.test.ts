import { describe, expect, it } from 'vitest';
import { isRetryableTransactionError, withTransactionRetry } from './transaction-retry.ts';

/** A database error as node-postgres reports it, wrapped by Drizzle like in production. */
const dbError = (code: string) => Object.assign(new Error('Abfrage fehlgeschlagen'), { cause: { code } });

/** A fake runner: each transaction call runs fn with a marker, counting the runs. */
function runner() {
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    transaction<T>(fn: (tx: string) => Promise<T>) {
      runs++;
      return fn('tx');
    },
  };
}

describe('withTransactionRetry', () => {
  it('knows deadlocks and serialization failures, nothing else', () => {
    expect(isRetryableTransactionError(dbError('40P01'))).toBe(true);
    expect(isRetryableTransactionError(dbError('40001'))).toBe(true);
    expect(isRetryableTransactionError(dbError('23505'))).toBe(false);
    expect(isRetryableTransactionError(new Error('x'))).toBe(false);
    expect(isRetryableTransactionError(undefined)).toBe(false);
  });

  it('runs again after a deadlock and answers the later result, with growing jittered waits', async () => {
    const db = runner();
    const waits: number[] = [];
    let failures = 3;
    const result = await withTransactionRetry(
      db,
      async (tx) => {
        if (failures-- > 0) throw dbError(failures % 2 ? '40P01' : '40001');
        return `ok:${tx}`;
      },
      { attempts: 5, baseDelayMs: 10, maxDelayMs: 25, random: () => 1, sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('ok:tx');
    expect(db.runs).toBe(4);
    // 10, 20, then capped at 25
    expect(waits).toEqual([10, 20, 25]);
  });

  it('gives up after the given number of attempts with the last error', async () => {
    const db = runner();
    const error = dbError('40P01');
    await expect(
      withTransactionRetry(db, () => Promise.reject(error), { attempts: 3, sleep: async () => {} }),
    ).rejects.toBe(error);
    expect(db.runs).toBe(3);
  });

  it('passes other errors on at once', async () => {
    const db = runner();
    const error = dbError('23505');
    await expect(withTransactionRetry(db, () => Promise.reject(error), { sleep: async () => {} })).rejects.toBe(error);
    expect(db.runs).toBe(1);
  });

  it('waits a random share of the step (jitter), never more', async () => {
    const waits: number[] = [];
    let first = true;
    await withTransactionRetry(
      runner(),
      async () => {
        if (first) {
          first = false;
          throw dbError('40001');
        }
      },
      { baseDelayMs: 100, random: () => 0.25, sleep: async (ms) => void waits.push(ms) },
    );
    expect(waits).toEqual([25]);
  });
});
