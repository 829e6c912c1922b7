import { describe, expect, it } from 'vitest';
import { createPeriodicJob } from './periodic-job.ts';

describe('createPeriodicJob', () => {
  it('runs at start, logs a failing pass without throwing, and stop() waits for the running pass', async () => {
    const errors: string[] = [];
    let runs = 0;
    let finished = false;
    const job = createPeriodicJob({
      intervalMs: 60_000,
      log: { error: (_obj, msg) => errors.push(msg) },
      failureMessage: 'Auftrag fehlgeschlagen',
      run: async () => {
        runs += 1;
        await new Promise((r) => setTimeout(r, 20));
        finished = true;
        throw new Error('kaputt');
      },
    });
    job.start();
    job.start(); // a second start does not add a timer or a pass
    await new Promise((r) => setTimeout(r, 5)); // the pass has begun
    await job.stop();
    expect(runs).toBe(1);
    expect(finished).toBe(true);
    expect(errors).toEqual(['Auftrag fehlgeschlagen']);
  });
});
