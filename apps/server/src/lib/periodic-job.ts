import { loggableError } from './loggable-error.ts';
import type { JobOutcome, Metrics } from './metrics.ts';

export interface PeriodicJob {
  /** Runs once now, then every interval. */
  start(): void;
  /** Stops the timer and waits for a pass that is still running. */
  stop(): Promise<void>;
}

/**
 * A background job run when the app is ready and then every interval. Passes never overlap: a tick that comes
 * while one runs is queued behind it. A failing pass is logged (without query parameters) and the next tick
 * tries again.
 */
export function createPeriodicJob(input: {
  intervalMs: number;
  run: () => Promise<unknown>;
  log: { error(obj: object, msg: string): void };
  failureMessage: string;
  /**
   * The job's name in the metrics (`dihs_job_*{job="…"}`): each pass's end, duration, items and failure. The items
   * are what `run` answers (a number, or { handled, failed }) unless `handled` reads them from its answer.
   */
  metrics?: { of: Pick<Metrics, 'job'>; name: string; handled?: (result: never) => JobOutcome };
}): PeriodicJob {
  const instrument = input.metrics?.of.job(input.metrics.name, input.intervalMs / 1000);
  const handled = input.metrics?.handled as ((result: unknown) => JobOutcome) | undefined;
  const run = instrument ? () => instrument.record(input.run, handled) : input.run;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const pass = () => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await run();
      } catch (error) {
        input.log.error({ error: loggableError(error) }, input.failureMessage);
      }
    });
  };

  return {
    start() {
      if (timer) return;
      pass();
      timer = setInterval(pass, input.intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
