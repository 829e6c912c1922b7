import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartEndpoints } from '@dihs/contract/cart';
import { API_PREFIX, apiUrl } from '@dihs/contract/common/endpoint';
import { healthEndpoints } from '@dihs/contract/health';
import { cartHelpers } from '../modules/cart/cart.test-support.ts';
import { profiles } from '../modules/profil/profil.table.ts';
import { accountWithBearer } from '../test/payment-support.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { testDatabaseKind } from '../test/test-database.ts';
import { startTracing, type Tracing } from './tracing.ts';

/**
 * Traces (issue 35 item 2): the built app with tracing on, called over real HTTP, exports to an OTLP receiver in
 * this process. A patient's booking (create and confirm a cart) must give one trace per request, the server span
 * named by the declared route pattern, the transaction's statements as its descendants (PostgreSQL; the embedded
 * database has no driver spans), and none of the patient's data in any attribute. The receiver gone, the app answers
 * on and warns once.
 */

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values: OtlpValue[] };
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
  events?: { name: string; attributes?: OtlpAttribute[] }[];
  status?: { code?: number; message?: string };
}
interface OtlpRequest {
  resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
}

const SERVER = 2;

const value = (v: OtlpValue): unknown =>
  v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue ?? v.arrayValue?.values.map(value);
const attributesOf = (span: OtlpSpan) => Object.fromEntries(span.attributes.map((a) => [a.key, value(a.value)]));

/** An OTLP/HTTP receiver (JSON, as exporter-trace-otlp-http sends), that can fail as told. */
async function startReceiver() {
  const spans: OtlpSpan[] = [];
  const bodies: string[] = [];
  const state: { failing: false | 'unreachable' | 'refusing' } = { failing: false };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // as an unreachable collector: the connection ends without an answer (the exporter retries for some seconds)
      if (state.failing === 'unreachable') {
        request.socket.destroy();
        return;
      }
      // a collector that refuses the export (not retried)
      if (state.failing === 'refusing') {
        response.writeHead(400).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const text = (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      bodies.push(text);
      const body = JSON.parse(text) as OtlpRequest;
      for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  // pinned to Node's own emit before the http instrumentation wraps the prototype's: the receiver's requests would
  // otherwise be traced, and their spans exported to it, and so on
  server.emit = server.emit.bind(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, bodies, state, close: () => new Promise((r) => server.close(r)) };
}

const PATIENT = { vorname: 'Xaveria', nachname: 'Spurenfrei' };

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let tracing: Tracing;
let t: TestApp;
let base: string;
const warnings: string[] = [];
const lines: string[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  tracing = await startTracing({
    endpoint: receiver.url,
    serviceName: 'dihs-test',
    warn: (message) => warnings.push(message),
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { tracing, logStream: { write: (line) => void lines.push(line) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await tracing?.shutdown(1000);
  await receiver?.close();
});

const post = (path: string, bearer: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: bearer, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Every descendant of `root` among the spans of its trace. */
function descendants(root: OtlpSpan, spans: OtlpSpan[]): OtlpSpan[] {
  const found: OtlpSpan[] = [];
  const walk = (parent: string) => {
    for (const span of spans.filter((s) => s.parentSpanId === parent)) {
      found.push(span);
      walk(span.spanId);
    }
  };
  walk(root.spanId);
  return found;
}

describe('a booking traced', () => {
  it('names the server spans by route pattern, holds the statements, and keeps the patient out', async () => {
    const h = cartHelpers(
      () => t,
      () => new Date(),
    );
    const patient = await accountWithBearer(t, 'PATIENT');
    await t.db
      .insert(profiles)
      .values({ userId: patient.id, ...PATIENT })
      .onConflictDoUpdate({ target: profiles.userId, set: PATIENT });
    await h.grant(patient.id, { bezahltGruppenTermin: 1 });
    const termin = await h.termin({ befund: 'Spurensuche' });

    const created = await post(apiUrl(cartEndpoints.anlegen), patient.bearer, [{ id: termin.id }]);
    expect(created.status).toBe(200);
    const { cartId } = (await created.json()) as { cartId: number };
    // a query string with an address, as a client might send one: it must not reach any attribute
    const confirmPath = `${apiUrl(cartEndpoints.bestaetigen, { params: { cartId } })}?email=${encodeURIComponent(patient.email)}`;
    const confirmed = await post(confirmPath, patient.bearer);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { status: string }).status).toBe('BEZAHLT');
    await tracing.flush();

    const spans = receiver.spans;
    const serverSpan = (route: string) => {
      const found = spans.filter((s) => s.kind === SERVER && attributesOf(s)['http.route'] === route);
      expect(found, `one server span of ${route}`).toHaveLength(1);
      return found[0]!;
    };
    // the declared patterns, /api/cart/create and /api/cart/confirm/:cartId
    const createRoute = `${API_PREFIX}${cartEndpoints.anlegen.path}`;
    const confirmRoute = `${API_PREFIX}${cartEndpoints.bestaetigen.path}`;
    expect(confirmRoute).toMatch(/\/:cartId$/);
    const create = serverSpan(createRoute);
    const confirm = serverSpan(confirmRoute);
    expect(create.name).toBe(`POST ${createRoute}`);
    expect(confirm.name).toBe(`POST ${confirmRoute}`);
    // one trace per request, each a root
    expect(create.traceId).not.toBe(confirm.traceId);
    expect(create.parentSpanId ?? '').toBe('');
    expect(attributesOf(confirm)['http.response.status_code'] ?? attributesOf(confirm)['http.status_code']).toBe(200);

    const confirmTrace = spans.filter((s) => s.traceId === confirm.traceId);
    const below = descendants(confirm, confirmTrace);
    expect(below.length).toBe(confirmTrace.length - 1);
    // the handler's span, named by the pattern too
    expect(below.map((s) => s.name)).toContain(`handler POST ${confirmRoute}`);

    const statements = (trace: OtlpSpan[]) =>
      trace
        .map((s) => attributesOf(s))
        .map((a) => (a['db.statement'] ?? a['db.query.text']) as string | undefined)
        .filter((s): s is string => s !== undefined);
    if (testDatabaseKind() === 'postgres') {
      const sql = statements(below);
      // the transaction: begin, the cart and its seats locked and written, commit
      expect(sql.some((s) => /^begin/i.test(s))).toBe(true);
      expect(sql.some((s) => /^commit/i.test(s))).toBe(true);
      expect(sql.some((s) => /"warenkorb"/.test(s) && /for update/i.test(s))).toBe(true);
      expect(sql.some((s) => /^update "termin_teilnahme"/i.test(s))).toBe(true);
      // values are placeholders
      expect(sql.filter((s) => /\$1/.test(s)).length).toBeGreaterThan(3);
      const createSql = statements(spans.filter((s) => s.traceId === create.traceId));
      expect(createSql.some((s) => /^insert into "warenkorb"/i.test(s))).toBe(true);
    } else {
      // the embedded database (PGlite) has no driver the instrumentation knows: no statement spans
      expect(statements(below)).toEqual([]);
    }

    // nothing of the patient in any attribute, event or status of the exported spans
    const exported = receiver.bodies.join('\n');
    for (const secret of [patient.email, encodeURIComponent(patient.email), PATIENT.vorname, PATIENT.nachname]) {
      expect(exported).not.toContain(secret);
    }
    expect(exported).not.toContain(`/confirm/${cartId}`);
    expect(exported).not.toContain('Spurensuche');
    const keys = new Set(spans.flatMap((s) => s.attributes.map((a) => a.key)));
    for (const key of [
      'url.full',
      'url.path',
      'url.query',
      'http.url',
      'http.target',
      'http.host',
      'client.address',
      'net.peer.ip',
      'network.peer.address',
      'user_agent.original',
      'http.user_agent',
    ]) {
      expect(keys.has(key), key).toBe(false);
    }
    // the ids are in no attribute value as such (statements hold placeholders, names hold patterns)
    for (const span of [...spans]) {
      for (const [key, v] of Object.entries(attributesOf(span))) {
        if (typeof v !== 'string') continue;
        expect(v, key).not.toMatch(new RegExp(`/(${cartId}|${patient.id})(/|$)`));
      }
    }

    // the request log's lines name their trace
    const requestLine = (traceId: string) =>
      lines.map((line) => JSON.parse(line) as { msg: string; traceId?: string }).find((l) => l.traceId === traceId);
    expect(requestLine(create.traceId)?.msg).toBe('request completed');
    expect(requestLine(confirm.traceId)?.msg).toBe('request completed');
  });

  it('leaves the probes untraced', async () => {
    const before = receiver.spans.length;
    expect((await fetch(`${base}${apiUrl(healthEndpoints.health)}`)).status).toBeLessThan(600);
    await tracing.flush();
    expect(receiver.spans.slice(before).filter((s) => s.kind === SERVER)).toEqual([]);
  });
});

// the export's failure handling is the same on either database: run once, on PostgreSQL
describe.skipIf(testDatabaseKind() === 'pglite')('the collector unreachable', () => {
  it('answers on, warns once, and warns again only after an export succeeded', async () => {
    const patient = await accountWithBearer(t, 'PATIENT');
    const call = () =>
      fetch(`${base}${apiUrl(cartEndpoints.anlegen)}`, {
        method: 'POST',
        headers: { authorization: patient.bearer, 'content-type': 'application/json' },
        body: '[]',
      });
    receiver.state.failing = 'unreachable';
    for (let i = 0; i < 2; i++) {
      expect((await call()).status).toBeLessThan(500);
      await tracing.flush();
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Traces können nicht gesendet werden/);

    receiver.state.failing = false;
    await call();
    await tracing.flush();
    expect(warnings).toHaveLength(1);
    receiver.state.failing = 'refusing';
    await call();
    await tracing.flush();
    expect(warnings).toHaveLength(2);
    receiver.state.failing = false;
  }, 60_000);
});
