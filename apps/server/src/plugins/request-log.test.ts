import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tracing } from '../lib/tracing.ts';
import { loggerOptions } from './request-log.ts';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** An app with the project's logger options whose lines land in the answered array. */
async function appLogging(level: string) {
  const lines: string[] = [];
  app = Fastify(loggerOptions(level, { write: (line: string) => void lines.push(line) }));
  app.get('/app/termin/:id', async () => ({ ok: true }));
  // the same request's line as pino itself writes it through the request's logger and the serializers
  app.get('/app/pino', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: 0 }, 'request completed');
    return { ok: true };
  });
  app.get('/app/fehler', async () => {
    throw new Error('kaputt');
  });
  await app.ready();
  return { app, lines };
}

const parsed = (line: string) => JSON.parse(line) as Record<string, unknown>;
const comparable = (line: string) => ({ ...parsed(line), time: 0, responseTime: 0, reqId: 'x', req: {} });

describe('one line per request', () => {
  it('writes the line pino would write, with the same fields in the same order', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/app/pino?email=geheim@example.de' });

    expect(lines).toHaveLength(2);
    const [byPino, ours] = lines as [string, string];
    expect(Object.keys(parsed(ours))).toEqual(Object.keys(parsed(byPino)));
    expect(comparable(ours)).toEqual(comparable(byPino));
    expect(parsed(ours).req).toEqual(parsed(byPino).req);
    expect(parsed(ours).req).toEqual({ id: parsed(ours).reqId, method: 'GET', url: '/app/pino' });
    expect(typeof parsed(ours).responseTime).toBe('number');
    expect(ours.endsWith('}\n')).toBe(true);
  });

  it('shows neither the query string nor the path of an unknown address', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/app/termin/17?token=geheim' });
    await app.inject({ method: 'GET', url: '/app/unbekannt/geheim' });

    // (Fastify's own 404 handler adds a line naming the address; the app has its own handler, this test app not)
    const completed = lines.filter((line) => parsed(line).msg === 'request completed');
    expect(completed.map((line) => parsed(line).req)).toEqual([
      { id: expect.any(String), method: 'GET', url: '/app/termin/17' },
      { id: expect.any(String), method: 'GET', url: '/app/…' },
    ]);
    expect(completed.map((line) => (parsed(line).res as { statusCode: number }).statusCode)).toEqual([200, 404]);
    expect(completed.join('')).not.toContain('geheim');
  });

  it("leaves a failed request's error line to pino, and writes nothing per request above info", async () => {
    const errors = await appLogging('info');
    await errors.app.inject({ method: 'GET', url: '/app/fehler' });
    const entries = errors.lines.map(parsed);
    expect(entries.find((e) => e.level === 50)?.err).toMatchObject({ message: 'kaputt' });
    expect(entries.find((e) => e.msg === 'request completed')?.res).toEqual({ statusCode: 500 });
    await errors.app.close();

    const quiet = await appLogging('warn');
    await quiet.app.inject({ method: 'GET', url: '/app/termin/1' });
    expect(quiet.lines).toEqual([]);
  });
});

describe('with tracing on', () => {
  /** The trace id the server span would note on the request, and the one of the active span. */
  const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
  const tracing = {
    traceIdOf: (request: { url?: string }) => (request.url?.startsWith('/app/') ? TRACE_ID : undefined),
    activeTraceId: () => TRACE_ID,
  } as unknown as Tracing;

  it('names the trace in the request line and in the lines written within the request', async () => {
    const lines: string[] = [];
    app = Fastify(loggerOptions('info', { write: (line: string) => void lines.push(line) }, tracing));
    app.get('/app/hinweis', async (request) => {
      request.log.warn('ein Hinweis');
      return { ok: true };
    });
    app.get('/app/fehler', async () => {
      throw new Error('kaputt');
    });
    await app.inject({ method: 'GET', url: '/app/hinweis' });
    await app.inject({ method: 'GET', url: '/app/fehler' });

    const entries = lines.map(parsed);
    expect(entries.map((e) => [e.msg, e.traceId])).toEqual([
      ['ein Hinweis', TRACE_ID],
      ['request completed', TRACE_ID],
      ['kaputt', TRACE_ID],
      ['request completed', TRACE_ID],
    ]);
    // the request line keeps pino's field order, the trace right after the request id
    expect(Object.keys(entries[1]!).slice(0, 6)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'traceId']);
  });
});
