import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { dateiEndpoints } from '@dihs/contract/datei';
import { loeschungEndpoints } from '@dihs/contract/loeschung';
import { rezeptEndpoints as api, type Rezept } from '@dihs/contract/rezept';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { users } from '../users/users.table.ts';
import { rezeptObjectKey } from './rezept.service.ts';

// The whole app with FILE_STORE=s3 against a local S3-protocol server: prescriptions and operator uploads.
let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ ...s3.env, LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const MARKER = 'S3-BEFUND-MARKER-0815';
const pdf = Buffer.from(
  `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${MARKER}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
);

function multipart(data: Buffer, name: string, type: string, description: string) {
  const boundary = '----s3-test';
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

async function newPatient() {
  const email = `s3-patient-${Date.now()}@test.de`;
  const [template] = await t.db.select().from(users).where(eq(users.email, 'patient@demo.de'));
  const [row] = await t.db
    .insert(users)
    .values({ email, passwordHash: template!.passwordHash, role: 'PATIENT', privileges: [] })
    .returning({ id: users.id });
  return { id: row!.id, bearer: await t.bearer(email) };
}

describe('files in S3-compatible object storage', () => {
  it('a prescription is stored as ciphertext only, downloads as sent, and leaves nothing after erasure', async () => {
    const patient = await newPatient();
    const upload = await injectEndpoint(t.app, api.hochladen, {
      authorization: patient.bearer,
      ...multipart(pdf, 'rezept.pdf', 'application/pdf', 'Physiotherapie'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const rezept = upload.json<Rezept>();
    expect(await t.services.objects.list(rezeptObjectKey(rezept.id))).toEqual([rezeptObjectKey(rezept.id)]);
    // the bucket's raw files hold no plaintext of the document
    const raw = s3.rawFiles();
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.some((file) => file.includes(MARKER))).toBe(false);

    const file = await injectEndpoint(t.app, api.eigeneDatei, {
      authorization: patient.bearer,
      params: { id: rezept.id },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const operator = await t.bearer('betreiber@demo.de');
    const started = await t.app.inject({
      method: 'DELETE',
      url: apiUrl(loeschungEndpoints.loeschen, { params: { patientId: patient.id } }),
      headers: { authorization: operator },
    });
    expect(started.statusCode).toBe(200);
    // the erasure runs in the background: wait (bounded) until the object is gone
    for (let i = 0; i < 100; i++) {
      if ((await t.services.objects.get(rezeptObjectKey(rezept.id))) === null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await t.services.objects.get(rezeptObjectKey(rezept.id))).toBeNull();
    expect(s3.rawFiles().some((file) => file.includes(MARKER))).toBe(false);
  });

  it('an operator upload is stored in the bucket and served from its path', async () => {
    const image = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#a63' } })
      .png()
      .toBuffer();
    const authorization = await t.bearer('betreiber@demo.de');
    const upload = await injectEndpoint(t.app, dateiEndpoints.hochladen, {
      authorization,
      ...multipart(image, 'logo.png', 'image/png', 'Logo'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: upload.json<{ url: string }>().url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(20);
  });
});
