import { apiUrl, endpoint, multipartUpload, PUBLIC, routePattern } from '@dihs/contract/common/endpoint';
import { MESSAGES } from '@dihs/contract/common/messages';
import { ALL_ENDPOINTS } from '@dihs/contract/endpoints';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppInstance } from '../app-types.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { firmaEndpoints } from '@dihs/contract/firma';
import { injectEndpoint, openApiPath } from '../test/inject-endpoint.ts';
import { route } from './endpoint-route.ts';
import { errorsPlugin } from './errors.ts';

/** Routes of libraries, not of the contract: the OpenAPI viewer. */
const isLibraryRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

describe('endpoint declarations and server routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('binds every /api route to a declaration of the contract', () => {
    const undeclared = t.app.routeCatalog
      .filter((entry) => entry.url.startsWith('/api') && !isLibraryRoute(entry.url) && !entry.endpoint)
      .map((entry) => `${entry.method} ${entry.url}`);
    expect(undeclared).toEqual([]);
  });

  it('gives every declaration a handler with its method and path', () => {
    const registered = new Set(t.app.routeCatalog.map((entry) => `${entry.method} ${entry.url}`));
    const missing = Object.entries(ALL_ENDPOINTS).flatMap(([module, endpoints]) =>
      Object.entries(endpoints)
        .filter(([, declaration]) => !registered.has(`${declaration.method} ${routePattern(declaration)}`))
        .map(([name, declaration]) => `${module}.${name}: ${declaration.method} ${declaration.path}`),
    );
    expect(missing).toEqual([]);
  });

  it('declares each method and path once', () => {
    const keys = Object.values(ALL_ENDPOINTS).flatMap((endpoints) =>
      Object.values(endpoints).map((declaration) => `${declaration.method} ${declaration.path}`),
    );
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('lists the declared routes in the OpenAPI description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain(openApiPath(firmaEndpoints.einePatient));
  });
});

// Uploads declared with multipartUpload: route() registers the parser for the route alone, refuses a body longer
// than the file allows before reading it, reads the parts into request.body and answers every refusal with the
// declaration's German message; the handler sees only a checked upload.
describe('uploads read by route() as the declaration says', () => {
  const MAX_BYTES = 1000;
  const TEXTS = {
    missing: 'Bitte wählen Sie eine Datei aus.',
    wrongField: 'Die Datei muss im Formularfeld „datei“ gesendet werden.',
    tooLarge: 'Die Datei ist zu groß.',
    notizFehlt: 'Die Notiz fehlt.',
    notizZuLang: 'Die Notiz ist zu lang.',
    unbekannt: 'Unbekanntes Feld.',
  };
  const notiz = z.string({ message: TEXTS.notizFehlt }).trim().min(1, TEXTS.notizFehlt).max(20, TEXTS.notizZuLang);
  const answer = z.object({
    notiz: z.string(),
    flag: z.string().nullable(),
    keys: z.array(z.string()),
    filename: z.string(),
    mimetype: z.string(),
    bytes: z.number(),
  });
  const file = { field: 'datei', maxBytes: MAX_BYTES, ...TEXTS } as const;
  const upload = endpoint({
    method: 'POST',
    path: '/test/upload',
    summary: 'Test',
    tag: 'Test',
    access: PUBLIC,
    ...multipartUpload({ file, fields: z.object({ notiz, flag: z.string().optional() }) }),
    response: answer,
  });
  const strictUpload = endpoint({
    method: 'POST',
    path: '/test/upload-strict',
    summary: 'Test',
    tag: 'Test',
    access: PUBLIC,
    ...multipartUpload({ file, fields: z.strictObject({ notiz }, { error: TEXTS.unbekannt }) }),
    response: answer,
  });
  const json = endpoint({
    method: 'POST',
    path: '/test/json',
    summary: 'Test',
    tag: 'Test',
    access: PUBLIC,
    body: z.object({ a: z.string() }),
    response: z.literal(true),
  });

  let app: FastifyInstance;
  const ran: string[] = [];
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    for (const declaration of [upload, strictUpload]) {
      route(app, declaration, (request) => {
        ran.push(declaration.path);
        const { file: received, notiz: text, ...rest } = request.body;
        return {
          notiz: text,
          flag: 'flag' in rest && typeof rest.flag === 'string' ? rest.flag : null,
          keys: Object.keys(request.body).sort(),
          filename: received.filename,
          mimetype: received.mimetype,
          bytes: received.data.length,
        };
      });
    }
    route(app, json, () => true as const);
    await app.ready();
  });
  afterAll(() => app.close());

  type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };
  const BOUNDARY = '----route-upload-test';
  const form = (...parts: Part[]) => ({
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      ...parts.flatMap((part) =>
        'value' in part
          ? [
              Buffer.from(
                `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
              ),
            ]
          : [
              Buffer.from(
                `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
                  `Content-Type: ${part.type ?? 'application/pdf'}\r\n\r\n`,
              ),
              part.data,
              Buffer.from('\r\n'),
            ],
      ),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]),
  });
  const datei = (bytes = 10, name = 'datei'): Part => ({
    name,
    filename: 'a.pdf',
    data: Buffer.alloc(bytes, 0x41),
  });
  const send = (declaration: typeof upload | typeof strictUpload, body: { headers: object; payload: unknown }) =>
    injectEndpoint(app as unknown as AppInstance, declaration, body as Parameters<typeof injectEndpoint>[2]);

  /** Sends, expects the refusal, and that no handler ran. */
  async function refused(
    body: { headers: object; payload: unknown },
    status: number,
    message: string,
    declaration: typeof upload | typeof strictUpload = upload,
  ) {
    ran.length = 0;
    const response = await send(declaration, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ message });
    expect(ran).toEqual([]);
  }

  it('hands the handler the file under its declared field and the fields as the schema answers them', async () => {
    // the parts in any order; an undeclared text field is dropped as the schema drops it
    const response = await send(
      upload,
      form(datei(MAX_BYTES), { name: 'notiz', value: '  Hallo  ' }, { name: 'anderes', value: 'x' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      notiz: 'Hallo',
      flag: null,
      keys: ['file', 'notiz'],
      filename: 'a.pdf',
      mimetype: 'application/pdf',
      bytes: MAX_BYTES,
    });
    const withFlag = await send(upload, form({ name: 'flag', value: 'true' }, { name: 'notiz', value: 'a' }, datei()));
    expect(withFlag.json()).toMatchObject({ flag: 'true', keys: ['file', 'flag', 'notiz'] });
  });

  it('refuses a file under another field name with the declared message', async () => {
    await refused(form({ name: 'notiz', value: 'a' }, datei(10, 'file')), 400, TEXTS.wrongField);
  });

  it('refuses a second file as the parser does (413), before the handler', async () => {
    await refused(form({ name: 'notiz', value: 'a' }, datei(), datei()), 413, MESSAGES.ungueltigeAnfrage);
  });

  it('refuses more text fields than declared and spare (413)', async () => {
    const fields = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, value: 'x' }));
    await refused(form(...fields, datei()), 413, MESSAGES.ungueltigeAnfrage);
  });

  it('cuts a file beyond the limit while it arrives, and refuses a longer declared body unread', async () => {
    await refused(form({ name: 'notiz', value: 'a' }, datei(MAX_BYTES + 1)), 400, TEXTS.tooLarge);
    // beyond the limit plus 64 KiB of framing: answered from the Content-Length
    await refused(form({ name: 'notiz', value: 'a' }, datei(MAX_BYTES + 70 * 1024)), 400, TEXTS.tooLarge);
  });

  it('refuses a form without a file, and a body that is no form, with the declared message', async () => {
    await refused(form({ name: 'notiz', value: 'a' }), 400, TEXTS.missing);
    await refused({ headers: { 'content-type': 'application/json' }, payload: '{}' }, 400, TEXTS.missing);
  });

  it('refuses a bad text field with the schema’s message, a missing one first after the file', async () => {
    await refused(form({ name: 'notiz', value: 'x'.repeat(21) }, datei()), 400, TEXTS.notizZuLang);
    await refused(form(datei()), 400, TEXTS.notizFehlt);
    await refused(
      form({ name: 'notiz', value: 'a' }, { name: 'fremd', value: 'x' }, datei()),
      400,
      TEXTS.unbekannt,
      strictUpload,
    );
  });

  it('keeps form data away from the other routes (415)', async () => {
    const response = await app.inject({ method: 'POST', url: apiUrl(json), ...form({ name: 'a', value: 'x' }) });
    expect(response.statusCode).toBe(415);
  });

  it('stops the app at start for a multipart declaration without its upload rule', () => {
    const bare = endpoint({
      method: 'POST',
      path: '/test/roh',
      summary: 'Test',
      tag: 'Test',
      access: PUBLIC,
      requestFormat: 'multipart',
      fileField: 'datei',
      response: z.literal(true),
    });
    expect(() => route(Fastify(), bare, () => true as const)).toThrow(/multipartUpload/);
  });
});

describe('the consent rule of a declaration', () => {
  it('stops the app at start for requiresConsent when no module provides the consent check', () => {
    const booking = endpoint({
      method: 'POST',
      path: '/test/buchen',
      summary: 'Test',
      tag: 'Test',
      access: PUBLIC,
      requiresConsent: true,
      response: z.literal(true),
    });
    expect(() => route(Fastify(), booking, () => true as const)).toThrow(/requiresConsent/);
  });

  it('is declared by every booking of the patient, and by no other endpoint', () => {
    const declared = Object.entries(ALL_ENDPOINTS).flatMap(([module, endpoints]) =>
      Object.entries(endpoints)
        .filter(([, declaration]) => 'requiresConsent' in declaration && declaration.requiresConsent)
        .map(([name]) => `${module}.${name}`),
    );
    expect(declared.sort()).toEqual(['cart.anlegen', 'cart.anmelden', 'cart.bestaetigen']);
  });
});
