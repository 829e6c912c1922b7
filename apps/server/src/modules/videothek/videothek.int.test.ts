import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { videothekEndpoints as api, type Video } from '@dihs/contract/videothek';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { findFirmaIdByName, DEMO_FIRMA } from '../firma/index.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
let stub: Server;
let t: TestApp;
let operator: string;
beforeAll(async () => {
  let origin = '';
  stub = createServer((request, response) => {
    if (request.url?.startsWith('/oembed')) {
      response.end(JSON.stringify({ thumbnail_url: `${origin}/thumb.png` }));
    } else {
      response.setHeader('content-type', 'image/png');
      response.end(PNG);
    }
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  t = await createTestApp({ OEMBED_URL: `${origin}/oembed` });
  operator = await t.bearer('betreiber@demo.de');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stub.close(resolve));
});

const fields = { titel: 'Firmenvideo', kurzbeschreibung: 'Kurz', vimeolink: 'https://vimeo.com/1234', langtext: '' };

describe('video library', () => {
  it('creates a company video with our thumbnail copy; patients see only theirs and the general ones', async () => {
    const firmaId = (await findFirmaIdByName(t.db, DEMO_FIRMA))!;
    const created = await injectEndpoint(t.app, api.anlegen, {
      authorization: operator,
      body: { ...fields, firmen: [firmaId] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const video = created.json<Video>();
    expect(video).toMatchObject({ firmen: [firmaId], firmaVideo: true });
    expect(video.vimeobild).toBe(apiUrl(api.vorschau, { params: { id: video.id } }));
    const image = await injectEndpoint(t.app, api.vorschau, { params: { id: video.id } });
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const ids = async (declaration: typeof api.patientListe | typeof api.therapeutListe, email: string) =>
      (await injectEndpoint(t.app, declaration, { authorization: await t.bearer(email) }))
        .json<Video[]>()
        .map((v) => v.id);
    expect(await ids(api.patientListe, 'firmenpatient@demo.de')).toContain(video.id);
    expect(await ids(api.patientListe, 'patient@demo.de')).not.toContain(video.id);
    expect((await ids(api.patientListe, 'patient@demo.de')).length).toBeGreaterThan(0);
    expect(await ids(api.therapeutListe, 'therapeut@demo.de')).toContain(video.id);

    const saved = await injectEndpoint(t.app, api.speichern, {
      authorization: operator,
      body: { ...fields, id: video.id, titel: 'Für alle', firmen: [] },
    });
    expect(saved.json<Video>()).toMatchObject({ titel: 'Für alle', firmaVideo: false });
    expect(await ids(api.patientListe, 'patient@demo.de')).toContain(video.id);
    await injectEndpoint(t.app, api.loeschen, { authorization: operator, body: { id: video.id } });
    expect(await ids(api.therapeutListe, 'therapeut@demo.de')).not.toContain(video.id);
  });

  it('refuses bad input and callers without VIDEOS_BEARBEITEN', async () => {
    for (const [body, message] of [
      [{ ...fields, vimeolink: 'https://evil.example/1' }, 'Gültige Url eingeben'],
      [{ ...fields, vimeolink: 'javascript:alert(1)' }, 'Gültige Url eingeben'],
      [{ ...fields, titel: 'x'.repeat(101) }, 'Maximale Länge beachten'],
      [{ ...fields, kurzbeschreibung: '' }, 'Die Kurzbeschreibung darf nicht leer sein.'],
      [{ ...fields, vimeolink: '' }, 'Der Link darf nicht leer sein.'],
      [{ ...fields, firmen: [999_999] }, 'Eine der gewählten Firmen gibt es nicht.'],
    ] as const) {
      const response = await injectEndpoint(t.app, api.anlegen, { authorization: operator, body });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
    const therapist = await t.bearer('therapeut@demo.de');
    expect((await injectEndpoint(t.app, api.anlegen, { authorization: therapist, body: fields })).statusCode).toBe(403);
    expect((await injectEndpoint(t.app, api.betreiberListe, { authorization: therapist })).statusCode).toBe(403);
    expect((await injectEndpoint(t.app, api.firmen, { authorization: therapist })).statusCode).toBe(403);
  });
});
