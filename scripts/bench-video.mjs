// The video signaling figures of `npm run bench` (issue 6 "Measured, not asserted"), on the built server:
// - STOMP round trip (SEND ping → MESSAGE pingOK) p50/p99 over ~1,000 sequential round trips, next to a raw
//   WebSocket echo (a `ws` echo server in this process) with a message of the same size;
// - server memory (RSS) per connected participant: sockets that CONNECT, SUBSCRIBE and join the loopback
//   conference (BENCH_VIDEO_PARTICIPANTS, default 1,000: 200 are lost in the garbage collector's noise).
// Figures only, no assertions. Standalone: node scripts/bench-video.mjs (after npm run build).
// BENCH_VIDEO_REPORT writes the figures as markdown to that file as well.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { bearer, freePort, rssMiB, startServer, stop, waitFor } from './bench-lib.mjs';
import { root } from './lib.mjs';

const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/main.js';
const ROUND_TRIPS = 1_000;
const PARTICIPANTS = Number(process.env.BENCH_VIDEO_PARTICIPANTS ?? 1000);
// The server allows a burst of 100 SENDs per socket, then 20/s (rate limit): the sequential round trips are spread
// over several sockets, each staying inside its burst.
const PER_SOCKET = 90;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
};

const frame = (command, headers, body = '') =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}\n`)
    .join('')}\n${body}\0`;

function open(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** The next WebSocket message that matches. */
const nextMessage = (ws, match) =>
  new Promise((resolve) => {
    const onMessage = (data) => {
      const text = data.toString('utf8');
      if (!match(text)) return;
      ws.off('message', onMessage);
      resolve(text);
    };
    ws.on('message', onMessage);
  });

/** A STOMP socket after CONNECT and SUBSCRIBE to the own topic. */
async function stompSocket(url, authorization, userId) {
  const ws = await open(url);
  const connected = nextMessage(ws, (t) => t.startsWith('CONNECTED'));
  ws.send(
    frame('CONNECT', { 'accept-version': '1.2', host: 'bench', 'heart-beat': '0,0', Authorization: authorization }),
  );
  await connected;
  const subscribed = nextMessage(ws, (t) => t.startsWith('RECEIPT'));
  ws.send(frame('SUBSCRIBE', { id: 'sub-0', destination: `/topic/private/${userId}`, receipt: 'sub' }));
  await subscribed;
  return ws;
}

const sendCommand = (ws, authorization, command) => {
  const body = JSON.stringify(command);
  ws.send(
    frame(
      'SEND',
      { destination: '/app/sendOnly', Authorization: authorization, 'content-length': Buffer.byteLength(body) },
      body,
    ),
  );
};

async function stompRoundTrips(url, authorization, userId) {
  const samples = [];
  while (samples.length < ROUND_TRIPS) {
    const ws = await stompSocket(url, authorization, userId);
    for (let i = 0; i < PER_SOCKET && samples.length < ROUND_TRIPS; i += 1) {
      const started = process.hrtime.bigint();
      const answered = nextMessage(ws, (t) => t.includes('"pingOK"'));
      sendCommand(ws, authorization, { command: 'ping' });
      await answered;
      samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    ws.close();
  }
  return summary(samples);
}

const ECHO_SERVER = `import { WebSocketServer } from 'ws';
const server = new WebSocketServer({ port: Number(process.env.PORT), host: '127.0.0.1' });
server.on('connection', (ws) => ws.on('message', (data) => ws.send(data)));
server.on('listening', () => process.stdout.write('bereit\\n'));`;

/** The echo server in this process (as the issue asks), or in a child process like the real server. */
async function echoServer(inProcess) {
  const port = await freePort();
  if (inProcess) {
    const server = new WebSocketServer({ port, host: '127.0.0.1' });
    server.on('connection', (ws) => ws.on('message', (data) => ws.send(data)));
    await new Promise((r) => server.once('listening', r));
    return { port, close: () => new Promise((r) => server.close(r)) };
  }
  const child = spawn(process.execPath, ['--input-type=module', '-e', ECHO_SERVER], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((r) => child.stdout.once('data', r));
  return {
    port,
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function echoRoundTrips(size, inProcess) {
  const server = await echoServer(inProcess);
  const ws = await open(`ws://127.0.0.1:${server.port}`);
  const payload = 'x'.repeat(size);
  const samples = [];
  for (let i = 0; i < ROUND_TRIPS; i += 1) {
    const started = process.hrtime.bigint();
    const answered = nextMessage(ws, () => true);
    ws.send(payload);
    await answered;
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  ws.close();
  await server.close();
  return summary(samples);
}

async function connectParticipants(url, authorization, userId, count) {
  const sockets = [];
  for (let i = 0; i < count; i += 1) {
    const ws = await stompSocket(url, authorization, userId);
    const joined = nextMessage(ws, (t) => t.includes('"joinedSession"'));
    sendCommand(ws, authorization, { command: 'joinConference', conferenceId: 'loopback' });
    await joined;
    sockets.push(ws);
  }
  return sockets;
}

async function memoryPerParticipant(url, pid, authorization, userId) {
  const settle = () => new Promise((r) => setTimeout(r, 3000));
  // A first batch, closed again, so lazily allocated buffers and compiled code are not counted per participant.
  for (const ws of await connectParticipants(url, authorization, userId, PARTICIPANTS / 2)) ws.close();
  await settle();
  const before = rssMiB(pid);
  const sockets = await connectParticipants(url, authorization, userId, PARTICIPANTS);
  await settle();
  const after = rssMiB(pid);
  for (const ws of sockets) ws.close();
  return { before, after, perParticipantKiB: ((after - before) * 1024) / PARTICIPANTS };
}

const f = (v, digits = 2) =>
  v.toLocaleString('de-DE', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function runVideoBench() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-video-'));
  const child = startServer('node', [SERVER_ENTRY], port, dataDir, { SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`);
    const url = `ws://127.0.0.1:${port}/ws`;
    const authorization = await bearer(base, 'patient@demo.de');
    const userId = JSON.parse(Buffer.from(authorization.split('.')[1], 'base64url').toString()).userId;
    // warm-up: JIT and caches on both sides
    await stompRoundTrips(url, authorization, userId);
    const stomp = await stompRoundTrips(url, authorization, userId);
    const pingFrameBytes = Buffer.byteLength(
      frame(
        'SEND',
        { destination: '/app/sendOnly', Authorization: authorization, 'content-length': 18 },
        '{"command":"ping"}',
      ),
    );
    await echoRoundTrips(pingFrameBytes, true);
    const echo = await echoRoundTrips(pingFrameBytes, true);
    await echoRoundTrips(pingFrameBytes, false);
    const echoChild = await echoRoundTrips(pingFrameBytes, false);
    const memory = await memoryPerParticipant(url, child.pid, authorization, userId);
    return [
      `Videosignalisierung (STOMP über WebSocket, ${stomp.n} Round Trips nacheinander)`,
      `  STOMP ping → pingOK          p50 ${f(stomp.p50)} ms   p99 ${f(stomp.p99)} ms`,
      `  WebSocket-Echo (${pingFrameBytes} Bytes)   p50 ${f(echo.p50)} ms   p99 ${f(echo.p99)} ms`,
      `  Echo in eigenem Prozess       p50 ${f(echoChild.p50)} ms   p99 ${f(echoChild.p99)} ms`,
      `  Verhältnis p50 STOMP/Echo     ${f(stomp.p50 / echo.p50)}× (Echo im Bench-Prozess), ${f(stomp.p50 / echoChild.p50)}× (Echo als eigener Prozess wie der Server); Ziel ≤ 2×`,
      `Speicher je Teilnehmer (${PARTICIPANTS} Sockets: CONNECT, SUBSCRIBE, joinConference loopback)`,
      `  RSS vorher ${f(memory.before, 1)} MiB, nachher ${f(memory.after, 1)} MiB → ${f(memory.perParticipantKiB, 1)} KiB je Teilnehmer`,
    ];
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const lines = await runVideoBench();
  console.log(`\n${lines.join('\n')}\n`);
  if (process.env.BENCH_VIDEO_REPORT) {
    writeFileSync(process.env.BENCH_VIDEO_REPORT, `\`\`\`\n${lines.join('\n')}\n\`\`\`\n`);
  }
}
