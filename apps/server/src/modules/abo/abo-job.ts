import type { Database } from '../../db/client.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import { berlinDay } from '@dihs/contract/common/time';
import { faelligerSchritt } from './abo-lifecycle.ts';
import { faelligeAboIds } from './abo.repository.ts';

/** Steps one subscription may take in one run (a server that was down for years catches up over several runs). */
const MAX_STEPS_PER_ABO = 200;

interface Logger {
  error(obj: object, msg: string): void;
}

export interface JobResult {
  /** Steps taken: grants, payment requests, ends. */
  steps: number;
  failed: number;
}

/**
 * Renews, ends and grants every subscription that is due on the day of `now`. Each step is one transaction with
 * the subscription's row locked and checks its state again, and grants carry idempotency keys: running it twice,
 * in parallel or after a crash in the middle repeats nothing.
 */
export async function runSubscriptionJob(db: Database, now: Date, log?: Logger): Promise<JobResult> {
  const result: JobResult = { steps: 0, failed: 0 };
  for (const aboId of await faelligeAboIds(db, berlinDay(now))) {
    try {
      for (let step = 0; step < MAX_STEPS_PER_ABO; step++) {
        if (!(await db.transaction((tx) => faelligerSchritt(tx, aboId, now)))) break;
        result.steps++;
      }
    } catch (error) {
      // one broken subscription must not stop the others; it is tried again at the next run
      result.failed++;
      log?.error({ aboId, error: loggableError(error) }, 'Abo-Auftrag fehlgeschlagen');
    }
  }
  return result;
}

/** The scheduled run: once when the app is ready, then every `intervalMs`; stop() waits for a running pass. */
export const createSubscriptionScheduler = (input: {
  db: Database;
  now: () => Date;
  log: Logger;
  intervalMs: number;
  metrics?: Pick<Metrics, 'job'>;
}) =>
  createPeriodicJob({
    intervalMs: input.intervalMs,
    log: input.log,
    failureMessage: 'Abo-Auftrag fehlgeschlagen',
    ...(input.metrics
      ? {
          metrics: {
            of: input.metrics,
            name: 'abo',
            handled: (result: JobResult) => ({ handled: result.steps, failed: result.failed }),
          },
        }
      : {}),
    run: () => runSubscriptionJob(input.db, input.now(), input.log),
  });
