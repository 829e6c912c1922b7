import { MESSAGES } from '@dihs/contract/common/messages';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { MODULES } from '../modules/index.ts';
import type { ModuleDescriptor } from '../modules/module-descriptor.ts';
import { createShutdown } from './shutdown.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { healthEndpoints } from '@dihs/contract/health';

const GRACE_MS = 2000;
/** A test route outside the API (the contract declares every /api path). */
const SLOW_PATH = '/test-langsam';
let t: TestApp;
let port: number;
let inFlight = 0;

/** A route that holds a transaction for a while, like a slow booking. */
const slowModule: ModuleDescriptor = {
  name: 'langsam',
  routes: async (app) => {
    app.get(SLOW_PATH, async () => {
      inFlight++;
      await t.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.8)`));
      return { fertig: true };
    });
  },
};

beforeAll(async () => {
  t = await createTestApp({}, { modules: [...MODULES, slowModule] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  await t.close();
});

function get(path: string, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** An upload that announces 100 kB and sends 10 bytes every 100 ms: it never ends by itself. */
function trickleUpload(): { closed: Promise<number>; stop(): void } {
  const socket = net.connect(port, '127.0.0.1');
  socket.write(
    'POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":"',
  );
  const timer = setInterval(() => socket.write('xxxxxxxxxx'), 100);
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  return { closed, stop: () => clearInterval(timer) };
}

describe('graceful shutdown', () => {
  it('ends within the grace period: idle keep-alive closed at once, requests in flight answered, an upload cut', async () => {
    // 50 keep-alive connections, idle after their first answer
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const first = await Promise.all(Array.from({ length: 50 }, () => get(apiUrl(healthEndpoints.ping), idleAgent)));
    expect(first.every((r) => r.status === 200)).toBe(true);
    const idleSockets = Object.values(idleAgent.freeSockets).flat();
    expect(idleSockets).toHaveLength(50);
    const idleClosed = Promise.all(
      idleSockets.map((socket) => new Promise<number>((resolve) => socket!.once('close', () => resolve(Date.now())))),
    );

    const upload = trickleUpload();
    const busyAgent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const requests = Array.from({ length: 20 }, () => get(SLOW_PATH, busyAgent));
    while (inFlight < 20) await new Promise((resolve) => setTimeout(resolve, 10));

    const exits: number[] = [];
    const shutdown = createShutdown(t.app, { graceMs: GRACE_MS, exit: (code) => exits.push(code) });
    const started = Date.now();
    await shutdown('SIGTERM');
    const took = Date.now() - started;
    upload.stop();

    // the idle connections went at once, not after the keep-alive time
    const idleTimes = await idleClosed;
    expect(Math.max(...idleTimes) - started).toBeLessThan(500);
    // every request in flight got its answer
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    // the upload held the server until the grace period ended, then it was cut
    expect((await upload.closed) - started).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(took).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(took).toBeLessThan(GRACE_MS + 3000);
    expect(exits).toEqual([0]);
    // a second signal does not start a second shutdown
    await shutdown('SIGINT');
    expect(exits).toEqual([0]);
    idleAgent.destroy();
    busyAgent.destroy();
  }, 30_000);
});

describe('request time limit', () => {
  it('answers a trickled upload with 408 once REQUEST_TIMEOUT_SECONDS have passed', async () => {
    const limited = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });
    try {
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = net.connect((limited.app.server.address() as AddressInfo).port, '127.0.0.1');
      socket.write(
        'POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      );
      const timer = setInterval(() => socket.write('x'), 100);
      socket.on('error', () => undefined);
      const started = Date.now();
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      await new Promise((resolve) => socket.on('close', resolve));
      clearInterval(timer);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      // in the project's envelope, in German
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
        message: MESSAGES.zeitUeberschritten,
        code: 'TIMEOUT',
      });
      // checked every 2 s (connectionsCheckingInterval), not every 30 s
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await limited.close();
    }
  }, 30_000);
});
