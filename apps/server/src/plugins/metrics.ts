import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { databaseInstruments, pingDatabase, type Database, type DatabaseInstruments } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { RealtimeStats } from './stomp/stomp-server.ts';

/** Where Prometheus scrapes; outside /api (no contract declaration, text format, not for browsers). */
export const METRICS_PATH = '/metrics';

export const METRICS_TEXTS = {
  tokenNoetig: 'Für die Metriken ist das in METRICS_TOKEN eingestellte Token als Bearer-Token nötig.',
} as const;

/**
 * The label of a route in the request metrics: its declared pattern for the API, `statisch` for the built web app's
 * files (one route per file, hashed names: they would only add series).
 */
function routeLabel(url: string): string | null {
  if (url === METRICS_PATH) return null;
  return url.startsWith('/api') || url === '/' ? url : 'statisch';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Measures every route registered after it and serves the exposition at /metrics (issue 35 item 1).
 *
 * Each route gets its own onResponse hook with its pattern and method bound when it is registered (an onRoute hook),
 * so a request costs a bucket search and two additions, not a look-up of its route options. Requests no route
 * matched (404 of the not-found handler) are not measured. Called on the root instance before the modules.
 *
 * Served only with METRICS_TOKEN (`token`): then the caller must send it as `Authorization: Bearer …` (401 without
 * or with another one, compared in constant time); without it /metrics answers 404 like an unknown path, and no
 * request is measured.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  if (token) {
    app.addHook('onRoute', (options) => {
      const label = routeLabel(options.url);
      if (label === null) return;
      const methods = Array.isArray(options.method) ? options.method : [options.method];
      const timers = new Map(methods.map((method) => [method, metrics.routeTimer(method, label)]));
      const measure: onResponseHookHandler = (request, reply, done) => {
        timers.get(request.method)?.(reply.statusCode, reply.elapsedTime / 1000);
        done();
      };
      const own = options.onResponse;
      options.onResponse = own ? [...(Array.isArray(own) ? own : [own]), measure] : [measure];
    });
  }
  const expected = token ? digest(token) : null;
  app.get(METRICS_PATH, async (request, reply) => {
    if (!expected) throw HttpError.notFound();
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new HttpError(401, METRICS_TEXTS.tokenNoetig, ERROR_CODES.unauthorized);
    }
    const { contentType, body } = await metrics.exposition();
    return reply.header('Content-Type', contentType).header('Cache-Control', 'no-store').send(body);
  });
}

/** How long the scrape waits for the database's round trip before it reports it unreachable. */
const DB_PING_TIMEOUT_MS = 2000;

/**
 * The database's metrics: connections in use, idle and waiting callers at scrape time, whether it answers a
 * round trip (`dihs_db_up`), and with metrics on each statement's duration (PostgreSQL) or each turn of the embedded
 * database's one connection (a statement, or a whole transaction).
 */
export function registerDatabaseMetrics(app: FastifyInstance, metrics: Metrics, db: Database): void {
  const instruments = databaseInstruments(db);
  // The pool's gauges are registered first: a scrape reads the gauges in registration order, and the round trip
  // below (and the mail outbox's read) would otherwise count as a connection in use or a caller waiting.
  if (instruments) registerPoolGauges(metrics, instruments);
  metrics.gauge('dihs_db_up', 'Ob die Datenbank eine Abfrage beantwortet (1) oder nicht (0)', async (gauge) => {
    gauge.set((await pingDatabase(db, DB_PING_TIMEOUT_MS)) ? 1 : 0);
  });
  if (!instruments || !metrics.enabled) return;
  instruments.observeQueries((kind, seconds) => metrics.query(kind, seconds));
  app.addHook('onClose', async () => instruments.observeQueries(null));
}

function registerPoolGauges(metrics: Metrics, instruments: DatabaseInstruments): void {
  metrics.gauge(
    'dihs_db_pool_connections',
    'Verbindungen des Pools nach Zustand (eingebettet: die eine Verbindung)',
    (gauge) => {
      const pool = instruments.pool();
      gauge.set({ state: 'in_use' }, pool.inUse);
      gauge.set({ state: 'idle' }, pool.idle);
    },
    ['state'],
  );
  metrics.gauge('dihs_db_pool_waiting', 'Auf eine freie Verbindung wartende Anfragen', (gauge) => {
    gauge.set(instruments.pool().waiting);
  });
  metrics.gauge('dihs_db_pool_max', 'Größe des Pools (DATABASE_POOL_SIZE; eingebettet: 1)', (gauge) => {
    gauge.set(instruments.pool().max);
  });
}

/** The signaling's sockets, the video sessions with members on this instance and those members. */
export function registerRealtimeMetrics(metrics: Metrics, stats: () => RealtimeStats): void {
  metrics.gauge('dihs_stomp_connections', 'Offene STOMP-Verbindungen (WebSocket /ws) dieser Instanz', (gauge) => {
    gauge.set(stats().connections);
  });
  metrics.gauge('dihs_video_sessions', 'Videositzungen mit Teilnehmern auf dieser Instanz', (gauge) => {
    gauge.set(stats().conferences);
  });
  metrics.gauge('dihs_video_participants', 'Teilnehmer von Videositzungen auf dieser Instanz', (gauge) => {
    gauge.set(stats().participants);
  });
}
