import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticSpaPlugin } from './static-spa.ts';

// A build as vite.config.ts leaves it: each text asset beside its .br and .gz copy.
const SCRIPT = 'export const greeting = "Willkommen";\n'.repeat(50);
const HASHED = 'public, max-age=31536000, immutable';
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dihs-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: Record<string, string> = { 'index.html': '<!doctype html><title>DIHS</title>', 'assets/app.js': SCRIPT };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), content);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(content));
  }
  // fonts are compressed already: the build leaves no copies beside them
  writeFileSync(path.join(dist, 'assets/roboto-latin-400-normal-abc123.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  app = Fastify();
  await app.register(staticSpaPlugin, { webDist: dist });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('static files', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for a year, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const headers = encoding ? { 'accept-encoding': encoding } : {};
      const response = await app.inject({ url: '/assets/app.js', headers });
      expect(response.headers['cache-control']).toBe(HASHED);
    }
    const font = await app.inject({
      url: '/assets/roboto-latin-400-normal-abc123.woff2',
      headers: { 'accept-encoding': 'br' },
    });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['cache-control']).toBe(HASHED);
  });

  it('sends the file as it is without Accept-Encoding', async () => {
    const plain = await app.inject({ url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a route of the single-page app with index.html, compressed', async () => {
    const page = await app.inject({ url: '/patient/rezepte', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('has the start page revalidated, as gzip for a browser without brotli', async () => {
    const start = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(start.statusCode).toBe(200);
    expect(start.headers['content-encoding']).toBe('gzip');
    expect(start.headers['cache-control']).toBe('no-cache');
    expect(start.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(start.rawPayload).toString('utf8')).toContain('<title>DIHS</title>');
  });
});
