import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privilegeCode, type Role } from '@dihs/contract/common/roles';
import { PROFIL_TEXTS } from '@dihs/contract/profil';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/users.table.ts';
import { profiles } from './profil.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { profilEndpoints } from '@dihs/contract/profil';

let t: TestApp;
let dataDir: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-profilbild-'));
  t = await createTestApp({ DATA_DIR: dataDir, LOGIN_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '1000' });
  for (const row of await t.db.select({ id: users.id, email: users.email }).from(users)) ids[row.email] = row.id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const id = (email: string) => ids[email]!;

let counter = 0;
async function createUser(role: Role, privileges: number[] = []) {
  const email = `bild-${role.toLowerCase()}-${counter++}@test.de`;
  const [template] = await t.db.select().from(users).where(eq(users.email, 'patient@demo.de'));
  const [row] = await t.db
    .insert(users)
    .values({ email, passwordHash: template!.passwordHash, role, privileges })
    .returning({ id: users.id });
  return { email, id: row!.id };
}

/** A JPEG with an EXIF block holding a GPS position (Berlin) and an author name. */
const jpegWithGps = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a6' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Geheimer Fotograf' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .toBuffer();

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 4, background: '#ff000080' } })
    .png()
    .withExif({ IFD0: { Artist: 'Geheimer Fotograf' } })
    .toBuffer();

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----dihs-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nProfilbild\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(url: string, email: string | null, file: Buffer, filename = 'foto.jpg', type = 'image/jpeg') {
  const body = multipart(file, filename, type);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': body.contentType, ...(email ? { authorization: await t.bearer(email) } : {}) },
    payload: body.payload,
  });
}

const photo = async (userId: number, email: string | null) =>
  t.app.inject({
    method: 'GET',
    url: apiUrl(profilEndpoints.profilbild, { params: { userId } }),
    headers: email ? { authorization: await t.bearer(email) } : {},
  });

const storedFiles = () =>
  readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

async function storedKey(userId: number) {
  const [row] = await t.db.select({ key: profiles.profilbild }).from(profiles).where(eq(profiles.userId, userId));
  return row?.key ?? null;
}

describe('profile photo', () => {
  it('stores a therapist’s JPEG without its EXIF data (GPS position, author), smaller, and shows it to patients', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('Geheimer Fotograf'))).toBe(true);

    const response = await upload(apiUrl(profilEndpoints.profilbildHochladen), 'therapeut@demo.de', original);
    expect(response.statusCode).toBe(200);

    const key = await storedKey(id('therapeut@demo.de'));
    expect(key).toBeTruthy();
    const [file] = storedFiles().filter((f) => f.endsWith(key!));
    const stored = readFileSync(file!);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);
    expect(stored.includes(Buffer.from('Geheimer Fotograf'))).toBe(false);
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(800);

    const shown = await photo(id('therapeut@demo.de'), 'patient@demo.de');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toBe(`data:image/jpeg;base64,${stored.toString('base64')}`);
    const profile = await t.app.inject({
      method: 'GET',
      url: apiUrl(profilEndpoints.therapeutView, { params: { userId: id('therapeut@demo.de') } }),
      headers: { authorization: await t.bearer('patient@demo.de') },
    });
    expect(profile.json().hatProfilbild).toBe(true);
  });

  it('stores PNG as PNG without metadata and removes the replaced file', async () => {
    const therapist = await createUser('THERAPEUT');
    await upload(apiUrl(profilEndpoints.profilbildHochladen), therapist.email, await jpegWithGps());
    const first = await storedKey(therapist.id);
    const response = await upload(
      apiUrl(profilEndpoints.profilbildHochladen),
      therapist.email,
      await png(),
      'bild.png',
      'image/png',
    );
    expect(response.statusCode).toBe(200);
    const second = await storedKey(therapist.id);
    expect(second).not.toBe(first);
    const files = storedFiles();
    expect(files.some((f) => f.endsWith(first!))).toBe(false);
    const stored = readFileSync(files.find((f) => f.endsWith(second!))!);
    expect((await sharp(stored).metadata()).format).toBe('png');
    expect(stored.includes(Buffer.from('Geheimer Fotograf'))).toBe(false);
    expect((await photo(therapist.id, 'patient2@demo.de')).json()).toMatch(/^data:image\/png;base64,/);
  });

  it('judges the type by content, not by name or declared type', async () => {
    const therapist = await createUser('THERAPEUT');
    const text = await upload(
      apiUrl(profilEndpoints.profilbildHochladen),
      therapist.email,
      Buffer.from('<svg onload="alert(1)"/>'),
      'x.jpg',
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(PROFIL_TEXTS.bildFormat);
    const gif = await upload(
      apiUrl(profilEndpoints.profilbildHochladen),
      therapist.email,
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      'x.png',
      'image/png',
    );
    expect(gif.json().message).toBe(PROFIL_TEXTS.bildFormat);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const unreadable = await upload(apiUrl(profilEndpoints.profilbildHochladen), therapist.email, broken);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toBe(PROFIL_TEXTS.bildUnlesbar);
    // a real PNG sent with a .jpg name is accepted as the PNG it is
    expect(
      (await upload(apiUrl(profilEndpoints.profilbildHochladen), therapist.email, await png(), 'foto.jpg')).statusCode,
    ).toBe(200);
  });

  it('refuses files over 5 MB with 400', async () => {
    const therapist = await createUser('THERAPEUT');
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(5 * 1024 * 1024, 1)]);
    const response = await upload(apiUrl(profilEndpoints.profilbildHochladen), therapist.email, big);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(PROFIL_TEXTS.bildZuGross);
    expect(await storedKey(therapist.id)).toBeNull();
  });

  it('refuses a request without a file', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiUrl(profilEndpoints.profilbildHochladen),
      headers: { authorization: await t.bearer('therapeut2@demo.de'), 'content-type': 'application/json' },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(PROFIL_TEXTS.bildFehlt);
  });

  it('lets only therapists upload their own, and operators with BENUTZER_VERWALTEN for therapists', async () => {
    const image = await jpegWithGps();
    expect((await upload(apiUrl(profilEndpoints.profilbildHochladen), 'patient@demo.de', image)).statusCode).toBe(403);
    expect((await upload(apiUrl(profilEndpoints.profilbildHochladen), 'betreiber@demo.de', image)).statusCode).toBe(
      403,
    );
    expect((await upload(apiUrl(profilEndpoints.profilbildHochladen), null, image)).statusCode).toBe(401);

    const therapist = await createUser('THERAPEUT');
    expect(
      (
        await upload(
          apiUrl(profilEndpoints.profilbildHochladenFuer, { params: { userId: therapist.id } }),
          'betreiber@demo.de',
          image,
        )
      ).statusCode,
    ).toBe(200);
    expect(await storedKey(therapist.id)).toBeTruthy();
    const forPatient = await upload(
      apiUrl(profilEndpoints.profilbildHochladenFuer, { params: { userId: id('patient@demo.de') } }),
      'betreiber@demo.de',
      image,
    );
    expect(forPatient.statusCode).toBe(400);
    expect(forPatient.json().message).toBe(PROFIL_TEXTS.nurTherapeuten);

    const operator = await createUser('BETREIBER', [privilegeCode('INHALT_EDITIEREN')]);
    expect(
      (
        await upload(
          apiUrl(profilEndpoints.profilbildHochladenFuer, { params: { userId: therapist.id } }),
          operator.email,
          image,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await upload(
          apiUrl(profilEndpoints.profilbildHochladenFuer, { params: { userId: therapist.id } }),
          'therapeut@demo.de',
          image,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('answers 404 without a photo, 401 to visitors, and keeps non-therapist photos private', async () => {
    expect((await photo(id('therapeut2@demo.de'), 'patient@demo.de')).statusCode).toBe(404);
    expect((await photo(id('therapeut@demo.de'), null)).statusCode).toBe(401);
    // a photo stored for a patient (e.g. from before) is only for the patient and operators
    const patient = await createUser('PATIENT');
    const therapist = await createUser('THERAPEUT');
    await upload(apiUrl(profilEndpoints.profilbildHochladen), therapist.email, await png(), 'x.png', 'image/png');
    await t.db.insert(profiles).values({ userId: patient.id, profilbild: await storedKey(therapist.id) });
    expect((await photo(patient.id, 'patient2@demo.de')).statusCode).toBe(403);
    expect((await photo(patient.id, 'therapeut@demo.de')).statusCode).toBe(403);
    expect((await photo(patient.id, patient.email)).statusCode).toBe(200);
    expect((await photo(patient.id, 'betreiber@demo.de')).statusCode).toBe(200);
  });
});
