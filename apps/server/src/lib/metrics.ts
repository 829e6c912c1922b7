import { statfs } from 'node:fs/promises';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// The Prometheus metrics of one app (issue 35 item 1). One registry per buildApp, never prom-client's global one:
// the tests build many apps in one process. The core (app.ts, plugins/) and the modules reach it as `metrics` in
// their dependencies; modules add what only they know (the mail outbox's depth, Janus) through `gauge`, read at scrape
// time. Labels carry route patterns, job names, outcomes and status classes only: never an id, an address or a name
// (metrics.int.test.ts scans the exposition). Names follow Prometheus' conventions (docs/notes-metrics.md).

/** Seconds; the request time of most endpoints is below 100 ms, an export or an upload takes seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** What a scheduled pass may answer: how many items it handled, or handled and failed (of one pass). */
export type JobOutcome = number | { handled: number; failed?: number } | void | undefined;

/** One periodic job's instruments (lib/periodic-job.ts records each pass through it). */
export interface JobInstrument {
  /** Runs one pass and records its end, duration, items and failure; rethrows the pass's error. */
  record<T>(pass: () => Promise<T>, handled?: (result: T) => JobOutcome): Promise<T>;
  /** Items handled outside a pass (a deletion run on request). */
  handled(count: number): void;
  failed(): void;
}

/** The outcomes of a login (POST /api/login) as the metric counts them. */
export type LoginOutcome =
  'erfolg' | 'falsch' | 'gesperrt' | 'inaktiv' | 'code_fehlt' | 'code_falsch' | 'ratenlimit' | 'fehler';

export interface Metrics {
  readonly registry: Registry;
  /** METRICS_TOKEN set: requests and statements are measured and /metrics answers. */
  readonly enabled: boolean;
  /** One request answered: the route's declared pattern (never the URL), its method and status. */
  request(method: string, route: string, statusCode: number, seconds: number): void;
  /** The request timer of one route, its labels fixed once (plugins/metrics.ts). */
  routeTimer(method: string, route: string): (statusCode: number, seconds: number) => void;
  /** One statement (PostgreSQL) or one turn of the embedded database's single connection. */
  query(kind: 'abfrage' | 'transaktion', seconds: number): void;
  login(outcome: LoginOutcome): void;
  /** A 403 of the need-to-know check (plugins/patient-access.ts) on the route's pattern. */
  needToKnowRefused(route: string): void;
  /** A periodic job's instruments; `intervalSeconds` is exported so one alert rule covers every job. */
  job(name: string, intervalSeconds?: number): JobInstrument;
  /** A gauge read at scrape time; `read` sets its values (keep it cheap: one indexed query at most). */
  gauge<L extends string>(
    name: string,
    help: string,
    read: (gauge: Gauge<L>) => void | Promise<void>,
    labelNames?: readonly L[],
  ): void;
  /** A counter a module increments itself. */
  counter<L extends string>(name: string, help: string, labelNames?: readonly L[]): Counter<L>;
  /** The exposition (text format 0.0.4). */
  exposition(): Promise<{ contentType: string; body: string }>;
  /** Stops what collectDefaultMetrics started (the event loop monitor). */
  close(): void;
}

const statusClass = (statusCode: number) =>
  statusCode >= 500 ? '5xx' : statusCode >= 400 ? '4xx' : statusCode >= 300 ? '3xx' : '2xx';

/**
 * The app's metrics. `enabled` false (no METRICS_TOKEN) still gives working instruments, so no caller asks; the
 * request and statement timers are then not installed at all (plugins/metrics.ts, db/client.ts) and nothing is
 * served.
 */
export function createMetrics(options: { enabled: boolean; dataDir: string }): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.enabled) collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'dihs_http_request_duration_seconds',
    help: 'Antwortzeit je Endpunkt (deklariertes Routenmuster), Methode und Statusklasse',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const rateLimited = new Counter({
    name: 'dihs_http_rate_limited_total',
    help: 'Wegen Ratenlimit abgewiesene Anfragen (429) je Endpunkt',
    labelNames: ['route'] as const,
    registers,
  });
  const queries = new Histogram({
    name: 'dihs_db_query_duration_seconds',
    help: 'Dauer der Datenbankanweisungen (PostgreSQL) bzw. der Belegung der einen Verbindung (eingebettet)',
    labelNames: ['kind'] as const,
    buckets: QUERY_BUCKETS,
    registers,
  });
  const logins = new Counter({
    name: 'dihs_logins_total',
    help: 'Anmeldeversuche nach Ergebnis',
    labelNames: ['outcome'] as const,
    registers,
  });
  const refusals = new Counter({
    name: 'dihs_need_to_know_refusals_total',
    help: 'Vom Need-to-know-Prinzip abgewiesene Zugriffe auf Patientendaten (403) je Endpunkt',
    labelNames: ['route'] as const,
    registers,
  });
  const jobLastSuccess = new Gauge({
    name: 'dihs_job_last_success_timestamp_seconds',
    help: 'Ende des letzten erfolgreichen Laufs (beim Start: Zeitpunkt der Einrichtung des Auftrags)',
    labelNames: ['job'] as const,
    registers,
  });
  const jobDuration = new Gauge({
    name: 'dihs_job_last_duration_seconds',
    help: 'Dauer des letzten Laufs',
    labelNames: ['job'] as const,
    registers,
  });
  const jobInterval = new Gauge({
    name: 'dihs_job_interval_seconds',
    help: 'Vorgesehener Abstand der Läufe',
    labelNames: ['job'] as const,
    registers,
  });
  const jobItems = new Counter({
    name: 'dihs_job_items_total',
    help: 'Von den Läufen bearbeitete Einträge (Erinnerungen, Warenkörbe, Löschungen, Mails, ...)',
    labelNames: ['job'] as const,
    registers,
  });
  const jobFailures = new Counter({
    name: 'dihs_job_failures_total',
    help: 'Fehlgeschlagene Läufe bzw. Einträge, die ein Lauf nicht bearbeiten konnte',
    labelNames: ['job'] as const,
    registers,
  });
  const jobRuns = new Counter({
    name: 'dihs_job_runs_total',
    help: 'Läufe nach Ergebnis',
    labelNames: ['job', 'result'] as const,
    registers,
  });
  new Gauge({
    name: 'dihs_data_dir_free_bytes',
    help: 'Freier Platz im Dateisystem von DATA_DIR (für nicht privilegierte Prozesse)',
    registers,
    async collect() {
      const stats = await statfs(options.dataDir).catch(() => null);
      if (stats) this.set(stats.bavail * stats.bsize);
    },
  });
  new Gauge({
    name: 'dihs_data_dir_size_bytes',
    help: 'Größe des Dateisystems von DATA_DIR',
    registers,
    async collect() {
      const stats = await statfs(options.dataDir).catch(() => null);
      if (stats) this.set(stats.blocks * stats.bsize);
    },
  });

  const job = (name: string, intervalSeconds?: number): JobInstrument => {
    jobLastSuccess.set({ job: name }, Date.now() / 1000);
    if (intervalSeconds !== undefined) jobInterval.set({ job: name }, intervalSeconds);
    jobItems.inc({ job: name }, 0);
    jobFailures.inc({ job: name }, 0);
    const count = (outcome: JobOutcome) => {
      if (typeof outcome === 'number') jobItems.inc({ job: name }, outcome);
      else if (outcome) {
        jobItems.inc({ job: name }, outcome.handled);
        if (outcome.failed) jobFailures.inc({ job: name }, outcome.failed);
      }
    };
    return {
      async record(pass, handled) {
        const started = performance.now();
        try {
          const result = await pass();
          jobLastSuccess.set({ job: name }, Date.now() / 1000);
          jobRuns.inc({ job: name, result: 'erfolg' });
          count(handled ? handled(result) : (result as JobOutcome));
          return result;
        } catch (error) {
          jobFailures.inc({ job: name });
          jobRuns.inc({ job: name, result: 'fehler' });
          throw error;
        } finally {
          jobDuration.set({ job: name }, (performance.now() - started) / 1000);
        }
      },
      handled: (n) => jobItems.inc({ job: name }, n),
      failed: () => jobFailures.inc({ job: name }),
    };
  };

  return {
    registry,
    enabled: options.enabled,
    request(method, route, statusCode, seconds) {
      requests.observe({ method, route, status_class: statusClass(statusCode) }, seconds);
      if (statusCode === 429) rateLimited.inc({ route });
    },
    routeTimer(method, route) {
      // the label children of each status class, made once: a request then costs a bucket search and two adds
      const children = new Map<number, Histogram.Internal<'method' | 'route' | 'status_class'>>();
      const limited = rateLimited.labels({ route });
      return (statusCode, seconds) => {
        const group = Math.floor(statusCode / 100);
        let child = children.get(group);
        if (!child) children.set(group, (child = requests.labels(method, route, statusClass(statusCode))));
        child.observe(seconds);
        if (statusCode === 429) limited.inc();
      };
    },
    query: (kind, seconds) => queries.observe({ kind }, seconds),
    login: (outcome) => logins.inc({ outcome }),
    needToKnowRefused: (route) => refusals.inc({ route }),
    job,
    gauge(name, help, read, labelNames = []) {
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          this.reset();
          await read(this);
        },
      });
    },
    counter: (name, help, labelNames = []) => new Counter({ name, help, labelNames, registers }),
    async exposition() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    close() {
      registry.clear();
    },
  };
}
