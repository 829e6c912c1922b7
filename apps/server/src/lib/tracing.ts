import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import type * as OtelApi from '@opentelemetry/api';
import type { Attributes, Context, Span as ApiSpan, SpanStatus } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, Span, SpanExporter, SpanProcessor, TimedEvent } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

// OpenTelemetry traces (issue 35 item 2). Nothing of the SDK is loaded unless OTEL_EXPORTER_OTLP_ENDPOINT is set
// (main.ts) or a test starts it: every OpenTelemetry package is imported dynamically inside startTracing, so the
// bundle (build.mjs keeps them external) loads none of them at start. Decisions: docs/notes-traces.md.

/** What the app uses of a started tracing: the Fastify plugin and the trace id for the log lines. */
export interface Tracing {
  /**
   * The request spans: registered on the root instance before any route (app.ts). Each request is sampled first; a
   * sampled one gets a server span named by its declared route and a handler span inside it, and its handler runs
   * in that span's context (so its statements and calls are the span's children). An unsampled request costs the
   * sampler's decision and nothing else.
   */
  readonly fastifyPlugin: FastifyPluginCallback;
  /** The trace id of an incoming request, set when its server span starts (for the request's log line). */
  traceIdOf(request: IncomingMessage): string | undefined;
  /** The trace id of the active span (pino's mixin: every other line written within a request). */
  activeTraceId(): string | undefined;
  /** Exports the ended spans now (tests). */
  flush(): Promise<void>;
  /** Sends what is pending, then stops and removes the instrumentations; waits at most `timeoutMs` for the export. */
  shutdown(timeoutMs?: number): Promise<void>;
}

export interface TracingOptions {
  /** OTEL_SERVICE_NAME. */
  serviceName: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; the spans go to its /v1/traces as OTLP/HTTP (JSON). */
  endpoint: string;
  /** Said once when the OTLP endpoint does not accept the spans (again only after it accepted some). */
  warn(message: string): void;
}

const TRACE_ID = Symbol('dihs.traceId');
type Traced = IncomingMessage & { [TRACE_ID]?: string };

/**
 * Span attributes that may leave the process; every other one is dropped before export (redactSpan). An allow-list,
 * so that an instrumentation's new attribute (a full URL, a query string, a client address, a header) never reaches
 * the collector by default. Statements keep their text: parameters are placeholders ($1), the values are never
 * recorded (instrumentation-pg's enhancedDatabaseReporting stays off).
 */
const ALLOWED_ATTRIBUTES = new Set([
  // HTTP, old and new semantic conventions: method, route pattern, status, protocol; no URL, target, query, host
  // header, user agent or client address
  'http.method',
  'http.request.method',
  'http.route',
  'http.status_code',
  'http.response.status_code',
  'http.scheme',
  'url.scheme',
  'http.flavor',
  'network.protocol.name',
  'network.protocol.version',
  'server.address',
  'server.port',
  'net.host.name',
  'net.host.port',
  'net.peer.name',
  'net.peer.port',
  'error.type',
  // databases (PostgreSQL, Redis): the statement text without values, the database, its address
  'db.system',
  'db.system.name',
  'db.name',
  'db.namespace',
  'db.user',
  'db.connection_string',
  'db.statement',
  'db.query.text',
  'db.operation',
  'db.operation.name',
  'db.collection.name',
  'db.postgresql.plan',
  'db.redis.database_index',
  // the application's own
  'dihs.db',
]);
const allowed = (key: string) => ALLOWED_ATTRIBUTES.has(key);

function allowedAttributes(attributes: Attributes): Attributes {
  const kept: Attributes = {};
  for (const key in attributes) if (allowed(key)) kept[key] = attributes[key];
  return kept;
}

/**
 * The span as it is exported, changed as it ends (before any exporter sees it): only allowed attributes; of events (a
 * recorded exception) only their name and the exception's type, never its message or stack (a database error names
 * the values of a violated key); the status without its message for the same reason. In place: a copy of each span
 * cost more than the rest of its export.
 */
export function redactSpan(span: Span): void {
  const writable = span as unknown as { attributes: Attributes; events: TimedEvent[]; status: SpanStatus };
  writable.attributes = allowedAttributes(span.attributes);
  if (span.events.length > 0) {
    writable.events = span.events.map((event) => ({
      name: event.name,
      time: event.time,
      attributes:
        event.attributes?.['exception.type'] === undefined
          ? {}
          : { 'exception.type': event.attributes['exception.type'] },
    }));
  }
  if (span.status.message !== undefined) writable.status = { code: span.status.code };
}

/** Redacts every span as it ends (redactSpan), then hands it to `inner`. */
class RedactingSpanProcessor implements SpanProcessor {
  constructor(private readonly inner: SpanProcessor) {}
  onStart(span: Span, parentContext: Context): void {
    this.inner.onStart(span, parentContext);
  }
  onEnding(span: Span): void {
    redactSpan(span);
  }
  onEnd(span: ReadableSpan): void {
    this.inner.onEnd(span);
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush();
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
}

/**
 * The exporter with a warning when an export fails (endpoint unreachable, refused): once, and once more only after
 * an export succeeded again. The spans of a failed export are dropped; the app runs on.
 */
function warningExporter(inner: SpanExporter, warn: (error: Error | undefined) => void): SpanExporter {
  let warned = false;
  return {
    export(spans: ReadableSpan[], done: (result: ExportResult) => void) {
      inner.export(spans, (result) => {
        // ExportResultCode.SUCCESS is 0 (its enum would load @opentelemetry/core at the import of this file)
        if ((result.code as number) === 0) warned = false;
        else if (!warned) {
          warned = true;
          warn(result.error);
        }
        done(result);
      });
    },
    shutdown: () => inner.shutdown(),
    ...(inner.forceFlush ? { forceFlush: () => inner.forceFlush!() } : {}),
  };
}

const routeName = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? 'unbekannt'}`;

/** The request's spans while it runs (sampled requests only). */
const SPANS = Symbol('dihs.spans');
type WithSpans = FastifyRequest & { [SPANS]?: { server: ApiSpan; context: Context } };

/** Paths no trace is worth: the probes and the scrape, every few seconds. */
const UNTRACED = /^\/(metrics|api\/health|api\/ping)(\/|\?|$)/;

/** Modules whose instrumentation patches prototypes: required once after the hooks are set (see startTracing). */
const PATCHED_MODULES = ['http', 'https', 'pg', 'pg-pool', 'ioredis'];

type Api = typeof OtelApi;

/**
 * The request spans of our own (see Tracing.fastifyPlugin), instead of the http instrumentation's incoming side and
 * @fastify/otel: both wrapped every request in a context and spans, sampled or not, which cost an unsampled request
 * twice the request itself (`npm run bench -- --only=request`). The server span carries the W3C parent of the
 * caller's `traceparent`, the method, the declared route and the status; nothing of the URL.
 */
function requestSpans(api: Api, tracer: ReturnType<Api['trace']['getTracer']>): FastifyPluginCallback {
  const SERVER = api.SpanKind.SERVER;
  const headers = {
    get: (carrier: FastifyRequest['headers'], key: string) => carrier[key],
    keys: (carrier: FastifyRequest['headers']) => Object.keys(carrier),
  };
  const plugin: FastifyPluginCallback = (app, _options, done) => {
    app.addHook('onRequest', (request, _reply, next) => {
      if (UNTRACED.test(request.url)) return next();
      const parent = request.headers.traceparent
        ? api.propagation.extract(api.ROOT_CONTEXT, request.headers, headers)
        : api.ROOT_CONTEXT;
      const name = routeName(request);
      const server = tracer.startSpan(
        name,
        {
          kind: SERVER,
          attributes: { 'http.request.method': request.method, 'http.route': request.routeOptions.url ?? 'unbekannt' },
        },
        parent,
      );
      if (!server.isRecording()) return next();
      (request as WithSpans)[SPANS] = { server, context: api.trace.setSpan(parent, server) };
      (request.raw as Traced)[TRACE_ID] = server.spanContext().traceId;
      next();
    });
    app.addHook('onResponse', (request, reply, next) => {
      const spans = (request as WithSpans)[SPANS];
      if (spans) {
        spans.server.setAttribute('http.response.status_code', reply.statusCode);
        if (reply.statusCode >= 500) {
          spans.server.setAttribute('error.type', String(reply.statusCode));
          spans.server.setStatus({ code: api.SpanStatusCode.ERROR });
        }
        spans.server.end();
      }
      next();
    });
    // every route registered after this plugin runs its handler inside the request's span
    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      route.handler = function traced(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const spans = (request as WithSpans)[SPANS];
        if (!spans) return handler.call(this, request, reply);
        const span = tracer.startSpan(`handler ${routeName(request)}`, {}, spans.context);
        const ended = (value: unknown) => {
          span.end();
          return value;
        };
        try {
          const result = api.context.with(api.trace.setSpan(spans.context, span), () =>
            handler.call(this, request, reply),
          );
          if (result instanceof Promise) {
            return result.then(ended, (error: unknown) => {
              span.end();
              throw error;
            });
          }
          return ended(result);
        } catch (error) {
          span.end();
          throw error;
        }
      };
    });
    done();
  };
  return fp(plugin, { name: 'dihs-request-spans' });
}

/**
 * Starts the tracer provider with the request spans of our own, the outgoing HTTP, undici, pg and ioredis
 * instrumentations, batched OTLP export over HTTP (the exporter reads OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS itself) and the sampler of
 * OTEL_TRACES_SAMPLER (default: every request). Call before buildApp.
 *
 * The instrumentations of http, pg and ioredis patch prototypes (Server.prototype.emit, Client.prototype.query,
 * Redis.prototype.sendCommand), so they work whenever the patch happens before the first request; they patch when the
 * module is required after their hook is set, which is why the modules are required here once: the bundle imports
 * http (through Fastify) and ioredis before main() runs, and a module loaded through `import` is never seen by the
 * require hook on its own. Outgoing fetch calls (undici) are seen through diagnostics channels.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  const [api, base, node, resources, otlp, instrumentation, http, undici, pg, ioredis] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
  ]);
  const url = `${options.endpoint.replace(/\/+$/, '')}/v1/traces`;
  const exporter = warningExporter(new otlp.OTLPTraceExporter({ url }), (error) =>
    options.warn(
      `Traces können nicht gesendet werden (OTEL_EXPORTER_OTLP_ENDPOINT): ${error?.message ?? 'unbekannter Fehler'}. ` +
        'Die Anwendung läuft weiter; diese Spans gehen verloren. Die Meldung erscheint erst wieder, nachdem ein Export gelungen ist.',
    ),
  );
  const processor = new base.BatchSpanProcessor(exporter);
  const provider = new node.NodeTracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new RedactingSpanProcessor(processor)],
  });
  provider.register();

  const disable = instrumentation.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new http.HttpInstrumentation({
        // incoming requests get the request spans of our own (requestSpans)
        disableIncomingRequestInstrumentation: true,
        // outgoing calls of this process through http (Stripe, S3) only within a request
        requireParentforOutgoingSpans: true,
      }),
      new undici.UndiciInstrumentation({ requireParentforSpans: true }),
      // parameter values are never recorded: enhancedDatabaseReporting stays off (its default), said here to be seen
      new pg.PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      // the command's name only: Redis carries the session events (user ids) as arguments
      new ioredis.IORedisInstrumentation({
        requireParentSpan: true,
        dbStatementSerializer: (command: string) => command,
      }),
    ],
  });
  const require = createRequire(import.meta.url);
  for (const name of PATCHED_MODULES) {
    try {
      // pg-pool is pg's dependency: resolved from pg, as pg requires it
      if (name === 'pg-pool') createRequire(require.resolve('pg'))(name);
      else require(name);
    } catch {
      // not installed: its instrumentation has nothing to patch
    }
  }

  return {
    fastifyPlugin: requestSpans(api, provider.getTracer('dihs')),
    traceIdOf: (request) => (request as Traced)[TRACE_ID],
    activeTraceId: () => api.trace.getSpan(api.context.active())?.spanContext().traceId,
    // a failed export was warned about already (warningExporter)
    flush: () => provider.forceFlush().catch(() => undefined),
    async shutdown(timeoutMs = 5000) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      try {
        await Promise.race([provider.shutdown().catch(() => undefined), late]);
      } finally {
        clearTimeout(timer);
        disable();
        // the process may build another app (tests run many files in one worker)
        api.trace.disable();
        api.context.disable();
        api.propagation.disable();
      }
    },
  };
}
