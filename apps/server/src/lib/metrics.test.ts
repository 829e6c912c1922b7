import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.ts';
import { createPeriodicJob } from './periodic-job.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-metriken-'));

/** The value of one sample line of the exposition, by its name and labels as written there. */
async function sample(metrics: ReturnType<typeof createMetrics>, series: string): Promise<number | undefined> {
  const { body } = await metrics.exposition();
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the metrics of periodic jobs', () => {
  it('records each pass: last success, duration, items, failures and runs by result', async () => {
    const metrics = createMetrics({ enabled: false, dataDir });
    let fail = false;
    const errors: string[] = [];
    const job = createPeriodicJob({
      intervalMs: 60_000,
      log: { error: (_obj, msg) => errors.push(msg) },
      failureMessage: 'Auftrag fehlgeschlagen',
      metrics: {
        of: metrics,
        name: 'beispiel',
        handled: (r: { steps: number; failed: number }) => ({ handled: r.steps, failed: r.failed }),
      },
      run: async () => {
        if (fail) throw new Error('kaputt');
        return { steps: 3, failed: 1 };
      },
    });
    const set = await sample(metrics, 'dihs_job_last_success_timestamp_seconds{job="beispiel"}');
    expect(set).toBeGreaterThan(0);
    expect(await sample(metrics, 'dihs_job_interval_seconds{job="beispiel"}')).toBe(60);
    job.start();
    await new Promise((r) => setTimeout(r, 5)); // the pass has begun
    await job.stop();
    expect(await sample(metrics, 'dihs_job_items_total{job="beispiel"}')).toBe(3);
    expect(await sample(metrics, 'dihs_job_failures_total{job="beispiel"}')).toBe(1);
    expect(await sample(metrics, 'dihs_job_runs_total{job="beispiel",result="erfolg"}')).toBe(1);
    const succeeded = await sample(metrics, 'dihs_job_last_success_timestamp_seconds{job="beispiel"}');
    expect(succeeded).toBeGreaterThanOrEqual(set!);

    fail = true;
    const again = createPeriodicJob({
      intervalMs: 1000,
      log: { error: (_obj, msg) => errors.push(msg) },
      failureMessage: 'Auftrag fehlgeschlagen',
      metrics: { of: metrics, name: 'zweiter' },
      run: async () => {
        throw new Error('kaputt');
      },
    });
    again.start();
    await new Promise((r) => setTimeout(r, 5));
    await again.stop();
    expect(errors).toEqual(['Auftrag fehlgeschlagen']);
    expect(await sample(metrics, 'dihs_job_failures_total{job="zweiter"}')).toBe(1);
    expect(await sample(metrics, 'dihs_job_runs_total{job="zweiter",result="fehler"}')).toBe(1);
    expect(await sample(metrics, 'dihs_job_last_duration_seconds{job="zweiter"}')).toBeGreaterThanOrEqual(0);
    metrics.close();
  });

  it('a job without interval (run on request) exports none, so the overdue alert leaves it out', async () => {
    const metrics = createMetrics({ enabled: false, dataDir });
    const deletion = metrics.job('loeschung');
    await deletion.record(async () => 1);
    expect(await sample(metrics, 'dihs_job_items_total{job="loeschung"}')).toBe(1);
    expect((await metrics.exposition()).body).not.toContain('dihs_job_interval_seconds{job="loeschung"}');
  });
});

describe('the request metrics', () => {
  it('count by method, route pattern and status class, 429 also as a rate-limit refusal', async () => {
    const metrics = createMetrics({ enabled: true, dataDir });
    const timer = metrics.routeTimer('GET', '/beispiel/:id');
    timer(200, 0.004);
    timer(204, 0.02);
    timer(404, 0.001);
    timer(429, 0.001);
    timer(503, 2);
    const count = (status: string) =>
      sample(
        metrics,
        `dihs_http_request_duration_seconds_count{method="GET",route="/beispiel/:id",status_class="${status}"}`,
      );
    expect(await count('2xx')).toBe(2);
    expect(await count('4xx')).toBe(2);
    expect(await count('5xx')).toBe(1);
    expect(await sample(metrics, 'dihs_http_rate_limited_total{route="/beispiel/:id"}')).toBe(1);
    expect(
      await sample(
        metrics,
        'dihs_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/beispiel/:id",status_class="2xx"}',
      ),
    ).toBe(1);
    expect(await sample(metrics, 'dihs_data_dir_free_bytes')).toBeGreaterThan(0);
    metrics.close();
  });
});
