import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privilegeCode, type Privilege } from '@dihs/contract/common/roles';
import { uploadPruefungText, type UploadInhalt } from '@dihs/contract/common/upload-pruefung';
import { DATEI_TEXTS, dateiEndpoints as api, type Datei } from '@dihs/contract/datei';
import { eq } from 'drizzle-orm';
import { cleanPdf, PNG_TRAILER, REFUSED_CASES, testPng } from '../../test/active-content-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { users } from '../users/users.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' });
});
afterAll(() => t.close());

let counter = 0;
async function operator(privileges: Privilege[]) {
  const email = `datei-${counter++}@test.de`;
  const [template] = await t.db.select().from(users).where(eq(users.email, 'patient@demo.de'));
  await t.db.insert(users).values({
    email,
    passwordHash: template!.passwordHash,
    role: 'BETREIBER',
    privileges: privileges.map(privilegeCode),
  });
  return t.bearer(email);
}

function multipart(data: Buffer, name: string, description = 'Titelbild', type = 'image/png') {
  const boundary = '----datei-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${description}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#36a' } })
    .png()
    .toBuffer();

describe('operator uploads', () => {
  it('uploads, lists and serves a public image from its path', async () => {
    const bearer = await operator(['DATEIEN_HOCHLADEN']);
    const upload = await injectEndpoint(t.app, api.hochladen, {
      authorization: bearer,
      ...multipart(await png(), 'Praxis Bild.png'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const datei = upload.json<Datei>();
    expect(datei).toMatchObject({ fileName: 'Praxis Bild.png', description: 'Titelbild' });
    expect(datei.url).toBe(`/api/files/${datei.id}-Praxis-Bild.png`);

    const list = await injectEndpoint(t.app, api.liste, { authorization: bearer });
    expect(list.json<Datei[]>()).toContainEqual(datei);

    const served = await t.app.inject({ method: 'GET', url: datei.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(30);
    // the id alone or another name does not reach it
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${datei.id}-anders.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });

  it('refuses other types, bad names and operators without the privilege', async () => {
    const bearer = await operator(['DATEIEN_HOCHLADEN']);
    const svg = await injectEndpoint(t.app, api.hochladen, {
      authorization: bearer,
      ...multipart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.png'),
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json<{ message: string }>().message).toBe(DATEI_TEXTS.dateiTyp);
    const pfad = await injectEndpoint(t.app, api.hochladen, {
      authorization: bearer,
      ...multipart(await png(), '../x.png'),
    });
    expect(pfad.statusCode).toBe(400);
    const ohne = await operator(['TERMINE_EDITIEREN']);
    expect(
      (await injectEndpoint(t.app, api.hochladen, { authorization: ohne, ...multipart(await png(), 'x.png') }))
        .statusCode,
    ).toBe(403);
    expect((await injectEndpoint(t.app, api.liste, { authorization: ohne })).statusCode).toBe(403);
    expect(
      (await injectEndpoint(t.app, api.liste, { authorization: await t.bearer('patient@demo.de') })).statusCode,
    ).toBe(403);
  });
});

describe('files without active content (issue 31 item 3)', () => {
  const nameOf = (type: string) => (type === 'application/pdf' ? 'a.pdf' : type === 'image/png' ? 'a.png' : 'a.jpg');
  let bearer: string;
  beforeAll(async () => {
    bearer = await operator(['DATEIEN_HOCHLADEN']);
  });
  const count = async () => (await injectEndpoint(t.app, api.liste, { authorization: bearer })).json<Datei[]>().length;

  it.each(REFUSED_CASES)('$name: 400 naming the reason ($befund), nothing stored', async ({ data, type, befund }) => {
    const before = await count();
    const bytes = await data();
    const response = await injectEndpoint(t.app, api.hochladen, {
      authorization: bearer,
      ...multipart(bytes, nameOf(type), 'Aktiv', type),
    });
    expect(response.statusCode, response.body).toBe(400);
    const inhalt = (await fileTypeFromBuffer(bytes))!.mime as UploadInhalt;
    expect(response.json<{ message: string }>().message).toBe(uploadPruefungText(befund, inhalt));
    expect(await count()).toBe(before);
  });

  it('an image with bytes after its end is served re-encoded, without them; a harmless PDF as sent', async () => {
    const appended = Buffer.concat([await testPng(), Buffer.from(PNG_TRAILER)]);
    const bild = await injectEndpoint(t.app, api.hochladen, {
      authorization: bearer,
      ...multipart(appended, 'bild.png'),
    });
    expect(bild.statusCode, bild.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: bild.json<Datei>().url });
    expect(served.rawPayload.includes(PNG_TRAILER)).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(24);

    const pdf = await injectEndpoint(t.app, api.hochladen, {
      authorization: bearer,
      ...multipart(cleanPdf(), 'info.pdf', 'Info', 'application/pdf'),
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const servedPdf = await t.app.inject({ method: 'GET', url: pdf.json<Datei>().url });
    expect(servedPdf.headers['content-type']).toBe('application/pdf');
    expect(servedPdf.rawPayload.equals(cleanPdf())).toBe(true);
  });
});
