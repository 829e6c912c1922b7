import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MESSAGES } from '@dihs/contract/common/messages';
import { VIDEO_MESSAGES, VIDEO_TIMING } from '@dihs/contract/video';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/test-app.ts';
import { connectClient, sleep, userIdOf, type TestClient } from './video-test-support.ts';

/** A raw WebSocket: what it received (text) and when it closed. */
function rawSocket(url: string) {
  const ws = new WebSocket(url);
  const received: string[] = [];
  ws.on('message', (data: Buffer) => received.push(data.toString('utf8')));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return { ws, received, closed, opened };
}

const connectFrame = (bearer: string, heartBeat = '0,0') =>
  `CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:${heartBeat}\nAuthorization:${bearer}\n\n\0`;

describe('STOMP endpoint /ws', () => {
  let t: TestApp;
  let url: string;
  let patient: string;
  let patient2: string;
  const open: TestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/ws`;
    patient = await t.bearer('patient@demo.de');
    patient2 = await t.bearer('patient2@demo.de');
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.disconnect()));
    await t?.close();
  });

  const expiredBearer = async () => {
    const claims = JSON.parse(Buffer.from(patient.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const token = await new SignJWT({ role: claims.role, privileges: claims.privileges, userId: claims.userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 100)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    return `Bearer ${token}`;
  };

  it('CONNECT without, with a bad and with an expired bearer gets ERROR and the socket closes', async () => {
    for (const bearer of ['', 'Bearer x.y.z', await expiredBearer()]) {
      const socket = rawSocket(url);
      await socket.opened;
      socket.ws.send(connectFrame(bearer));
      await socket.closed;
      expect(socket.received.join('')).toMatch(/^ERROR\n/);
      expect(socket.received.join('')).toContain(`message:${MESSAGES.sitzungUngueltig}`);
    }
    // the real client sees it as a STOMP error
    await expect(connectClient(url, 'Bearer nope')).rejects.toThrow(MESSAGES.sitzungUngueltig);
  });

  it('CONNECT with a bearer: CONNECTED with heart-beat 4000,4000; SUBSCRIBE to a foreign topic is refused', async () => {
    const socket = rawSocket(url);
    await socket.opened;
    socket.ws.send(connectFrame(patient, '4000,4000'));
    await sleep(200);
    expect(socket.received[0]).toMatch(/^CONNECTED\nversion:1.2\nheart-beat:4000,4000\n/);
    socket.ws.send(`SUBSCRIBE\nid:0\ndestination:/topic/private/${userIdOf(patient2)}\n\n\0`);
    await socket.closed;
    expect(socket.received.at(-1)).toMatch(/^ERROR\nmessage:Kein Zugriff auf dieses Ziel\./);
  });

  it('frames before CONNECT, non-STOMP data, unknown commands and oversized frames get ERROR and close', async () => {
    const oversized = `SEND\ndestination:/app/sendOnly\nAuthorization:${patient}\n\n${'x'.repeat(VIDEO_TIMING.maxFrameBytes)}\0`;
    const cases: [string[], RegExp][] = [
      [['SEND\ndestination:/app/sendOnly\n\n{}\0'], /Zuerst CONNECT senden/],
      [['hello world\n'], /Keine STOMP-Nachricht|Unvollständiger/],
      [[connectFrame(patient), 'BEGIN\ntransaction:t\n\n\0'], /Unbekannter STOMP-Befehl BEGIN/],
      [[connectFrame(patient), oversized], /STOMP-Rahmen zu groß/],
      [[connectFrame(patient), 'SEND\ndestination:/app/other\n\n{}\0'], /Kein Zugriff auf dieses Ziel/],
    ];
    for (const [frames, expected] of cases) {
      const socket = rawSocket(url);
      await socket.opened;
      for (const frame of frames) socket.ws.send(frame);
      await socket.closed;
      expect(socket.received.at(-1)).toMatch(/^ERROR\n/);
      expect(socket.received.at(-1)).toMatch(expected);
    }
    // more than the WebSocket limit: the socket is closed at once (1009)
    const huge = rawSocket(url);
    await huge.opened;
    huge.ws.send('x'.repeat(VIDEO_TIMING.maxFrameBytes * 5));
    expect(await huge.closed).toBe(1009);
  });

  it('several frames in one WebSocket message, DISCONNECT with receipt', async () => {
    const socket = rawSocket(url);
    await socket.opened;
    const id = userIdOf(patient);
    const body = JSON.stringify({ command: 'ping' });
    socket.ws.send(
      connectFrame(patient) +
        `\nSUBSCRIBE\nid:s1\ndestination:/topic/private/${id}\nreceipt:r1\n\n\0` +
        `SEND\ndestination:/app/sendOnly\nAuthorization:${patient}\ncontent-length:${body.length}\n\n${body}\0\n` +
        'DISCONNECT\nreceipt:bye\n\n\0',
    );
    await socket.closed;
    const all = socket.received.join('');
    expect(all).toContain('RECEIPT\nreceipt-id:r1\n');
    expect(all).toMatch(/MESSAGE\n[^\0]*subscription:s1[^\0]*\{"type":"pingOK"\}\0/);
    expect(all).toContain('RECEIPT\nreceipt-id:bye\n');
  });

  it('SEND with an expired bearer gets ERROR and closes; another client is unaffected', async () => {
    const a = await connectClient(url, patient);
    const b = await connectClient(url, patient2);
    open.push(a, b);
    a.send({ command: 'ping' }, await expiredBearer());
    await a.closed;
    expect(a.errors[0]?.headers.message).toBe(MESSAGES.sitzungUngueltig);
    // a SEND with another user's bearer is refused the same way
    const c = await connectClient(url, patient);
    open.push(c);
    c.send({ command: 'ping' }, patient2);
    await c.closed;
    b.send({ command: 'ping' });
    await b.next('pingOK');
  });

  it('heart-beats kept keep the socket; missed heart-beats drop it', { timeout: 30_000 }, async () => {
    const kept = await connectClient(url, patient);
    open.push(kept);
    const silent = rawSocket(url);
    await silent.opened;
    silent.ws.send(connectFrame(patient2, '4000,4000'));
    const started = Date.now();
    const code = await silent.closed;
    const elapsed = Date.now() - started;
    expect(code).toBe(1006);
    expect(elapsed).toBeGreaterThan(7000);
    expect(elapsed).toBeLessThan(13_000);
    // the server sent heart-beats meanwhile
    expect(silent.received.filter((m) => m === '\n').length).toBeGreaterThanOrEqual(1);
    kept.send({ command: 'ping' });
    await kept.next('pingOK');
    expect(kept.client.connected).toBe(true);
  });

  it('a flood is rate-limited, then closed; another client is unaffected', async () => {
    const flooder = await connectClient(url, patient);
    const other = await connectClient(url, patient2);
    open.push(flooder, other);
    for (let i = 0; i < 1000; i += 1) flooder.send({ command: 'ping' });
    await flooder.closed;
    const limited = flooder.messages.filter((m) => m.type === 'error');
    // one notice per run of drops; a slow machine may let the bucket refill in between, which starts a new run
    expect(limited.length).toBeGreaterThanOrEqual(1);
    for (const notice of limited) {
      expect(notice).toEqual({ type: 'error', headline: VIDEO_MESSAGES.zuVieleNachrichten, description: '' });
    }
    const answered = flooder.messages.filter((m) => m.type === 'pingOK').length;
    expect(answered).toBeGreaterThanOrEqual(100);
    expect(answered).toBeLessThan(400);
    expect(flooder.errors[0]?.headers.message).toMatch(/Zu viele Nachrichten/);
    other.send({ command: 'ping' });
    await other.next('pingOK');
  });
});
