import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { hostname } from 'node:os';
import pino from 'pino';
import type { AppInput } from '../app-types.ts';
import type { Tracing } from '../lib/tracing.ts';
import { batchedLogStream } from '../lib/batched-log-stream.ts';

/** Path segments that carry one-time codes (e-mail confirmation, reset), an e-mail address or a checkout token. */
const SECRET_PATH =
  /\/(emailbestaetigen|emailreset|passwortreset|email\/bestaetigen|email\/reset|email\/confirmed|passwort\/reset|app\/patient\/[^/]+|zahlung\/checkout|zahlung\/sandbox\/checkout)\/[^/]+$/;

/**
 * The address as the log shows it: never the query string (it may carry anything), the secret segments of known
 * routes masked, and of an address no route has only its first segment (a client may put anything into it).
 */
function loggablePath(url: string, matched: boolean): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (matched) return path.replace(SECRET_PATH, '/$1/…');
  if (!path.startsWith('/')) return '/…';
  const second = path.indexOf('/', 1);
  return second === -1 ? path : `${path.slice(0, second)}/…`;
}

/**
 * What the log shows of a request: used by the `req` serializer (lines written through pino) and by the request
 * line below. is404 rather than routeOptions: the latter builds an object of the route's options at each access.
 */
const loggableRequest = (req: { method: string; url: string; id: string; is404?: boolean }) => ({
  id: req.id,
  method: req.method,
  url: loggablePath(req.url, req.is404 === false),
});

/** The fields pino puts into every line of this process (its default `base`). */
const BASE = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/**
 * One line per request, when its answer is done: the request (loggableRequest, as the `req` serializer shows it), the
 * status and the time it took. Fastify's default writes a second line as each request arrives; at info level the
 * two lines cost more than the rest of a small request together.
 *
 * The line of an answered request is written here as the JSON pino would write (same fields, same order), straight
 * to the logger's stream: pino's per-call path (merging the object, running the serializers, its generic
 * stringifier) took about a sixth of a small request's time, and this is the only line every request writes.
 * Errors, which are rare and carry an error object, still go through pino.
 */
class OneLinePerRequest extends LogController {
  private readonly infoEnabled: boolean;

  constructor(
    private readonly stream: { write(line: string): unknown },
    level: string,
    private readonly tracing: Pick<Tracing, 'traceIdOf'> | undefined,
  ) {
    super();
    this.infoEnabled = (pino.levels.values[level] ?? Infinity) <= pino.levels.values.info!;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // the trace's id (hex) as the server span noted it on the request (lib/tracing.ts): a property read, no context
    const traceId = this.tracing?.traceIdOf(request.raw);
    if (error) {
      const fields = { req: request, res: reply, err: error, responseTime: reply.elapsedTime };
      reply.log.error(traceId ? { ...fields, traceId } : fields, 'request errored');
      return;
    }
    if (!this.infoEnabled) return;
    this.stream.write(
      `{"level":30,"time":${Date.now()},${BASE},"reqId":${JSON.stringify(request.id)}${traceId ? `,"traceId":"${traceId}"` : ''},"req":${JSON.stringify(loggableRequest(request))},"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
    );
  }
}

let stdout: ReturnType<typeof batchedLogStream> | undefined;

/**
 * Stdout through pino's asynchronous destination, one per process: the lines that arrive while a write is under way
 * go out together in the next one, instead of one blocking write per line (under load the writes cost more than the
 * rest of a small request). The lines of one event-loop turn reach it as one string (lib/batched-log-stream.ts).
 * pino writes what is left when the process exits.
 */
const stdoutDestination = () => (stdout ??= batchedLogStream(pino.destination({ dest: 1, sync: false })));

/**
 * The Fastify constructor's logger options: no request bodies, no query strings, no headers (the Authorization
 * header and cookies never leave the process, convention 9). The serializers name the fields a request and an answer
 * show, so nothing else of theirs can reach the log; that replaces pino's `redact` of their header paths, which had
 * nothing left to remove and parsed its paths anew for every line. `stream` only for tests that read the log back.
 */
export function loggerOptions(level: string, stream?: AppInput['logStream'], tracing?: Tracing) {
  const destination = stream ?? stdoutDestination();
  return {
    logController: new OneLinePerRequest(destination, level, tracing),
    logger: {
      level,
      stream: destination,
      serializers: {
        req: loggableRequest,
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      },
      // with tracing on, every line written while a span is active names its trace (a handler's warning, an error)
      ...(tracing ? { mixin: () => traceField(tracing) } : {}),
    },
  };
}

const NO_FIELDS = {};
function traceField(tracing: Tracing): { traceId?: string } {
  const traceId = tracing.activeTraceId();
  return traceId ? { traceId } : NO_FIELDS;
}
