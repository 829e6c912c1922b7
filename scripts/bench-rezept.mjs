// The prescription figures of `npm run bench` (issue 12 "Measured, not asserted"), on the built server with a fresh
// embedded database (the contents live in PostgreSQL, encrypted per file): uploads of a 4 MB prescription and its
// downloads per second with p99, and the server's peak memory while 20 uploads run at once, beside a bare Fastify
// that only holds the uploaded files (bench-bare-upload.mjs).
// Figures only, no assertions. Standalone: node scripts/bench-rezept.mjs (after npm run build).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bearer, freePort, rssMiB, startServer, stop, waitFor } from './bench-lib.mjs';

const ROUNDS = Number(process.env.BENCH_REZEPT_ROUNDS ?? 40);
const CONCURRENCY = 4;
const AT_ONCE = 20;

/** A valid-looking PDF of almost 4 MB: random bytes inside a comment, so nothing compresses it away. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%'),
  Buffer.from(
    randomBytes(3 * 1024 * 1024)
      .toString('base64')
      .slice(0, 4 * 1024 * 1024 - 64),
  ),
  Buffer.from('\n%%EOF\n'),
]);

function upload(base, token, url = `${base}/api/rezepte/upload`) {
  const form = new FormData();
  form.append('description', 'Bench');
  form.append('encrypt', 'true');
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'bench.pdf');
  return fetch(url, { method: 'POST', headers: { authorization: token }, body: form });
}

/** RSS before and the peak while AT_ONCE uploads run at once, sampled every 20 ms. */
async function peakWhileUploading(pid, send) {
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  await Promise.all(Array.from({ length: AT_ONCE }, () => send().then((r) => r.arrayBuffer())));
  clearInterval(sampler);
  return { before, peak };
}

/** The same AT_ONCE uploads against the bare reference (bench-bare-upload.mjs): Fastify holding each file. */
async function bareReference() {
  const port = await freePort();
  const server = startServer(process.execPath, ['scripts/bench-bare-upload.mjs'], port, tmpdir());
  try {
    await waitFor(`http://127.0.0.1:${port}/health`);
    return await peakWhileUploading(server.pid, () => upload('', '', `http://127.0.0.1:${port}/upload`));
  } finally {
    await stop(server);
  }
}

/** Runs `call` ROUNDS times, CONCURRENCY at a time: answers calls per second and the p99 in ms. */
async function measure(call) {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < ROUNDS) {
        const t0 = performance.now();
        const response = await call();
        if (!response.ok) throw new Error(`Antwort ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: times.length / seconds, p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] };
}

export async function runRezeptBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-bench-rezept-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(process.execPath, ['apps/server/dist/main.js'], port, dataDir, {
    LOGIN_RATE_LIMIT_IP: '10000',
    LOGIN_RATE_LIMIT_ACCOUNT: '10000',
  });
  try {
    await waitFor(`${base}/api/health`);
    const token = await bearer(base, 'patient@demo.de');
    const uploads = await measure(() => upload(base, token));
    const first = await (await upload(base, token)).json();
    const downloads = await measure(() =>
      fetch(`${base}/api/rezepte/my/${first.id}`, { headers: { authorization: token } }),
    );
    const { before, peak } = await peakWhileUploading(server.pid, () => upload(base, token));
    const bare = await bareReference();
    const f = (n) => n.toFixed(1).padStart(8);
    return [
      `Rezepte (4 MB PDF, ${ROUNDS} je Messung, ${CONCURRENCY} gleichzeitig, PGlite, Inhalt verschlüsselt in der Datenbank)`,
      `  Hochladen                                ${f(uploads.perSecond)} /s   p99 ${f(uploads.p99)} ms`,
      `  Herunterladen                            ${f(downloads.perSecond)} /s   p99 ${f(downloads.p99)} ms`,
      `  Speicher (RSS) vor / Spitze bei ${AT_ONCE} Uploads ${f(before)} / ${f(peak)} MiB`,
      `  nackte Referenz (Fastify, Datei im Speicher) ${f(bare.before)} / ${f(bare.peak)} MiB`,
    ];
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log((await runRezeptBench()).join('\n'));
}
