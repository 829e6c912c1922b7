import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { privilegeCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { protokollEndpoints, type EigeneZugriffe } from '@dihs/contract/protokoll';
import { uploadPruefungText, type UploadInhalt } from '@dihs/contract/common/upload-pruefung';
import {
  REZEPT_GELOESCHT_TEXT,
  REZEPT_TEXTS,
  rezeptEndpoints as api,
  type Rezept,
  type RezeptSeite,
} from '@dihs/contract/rezept';
import { TOTAL_WINDOW } from '../../db/paging.ts';
import { masterKeyRing } from '../../lib/envelope.ts';
import { cleanPdf, PNG_TRAILER, REFUSED_CASES, testPng } from '../../test/active-content-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { MODULES } from '../index.ts';
import type { ModuleDescriptor } from '../module-descriptor.ts';
import { balanceOf } from '../guthaben/index.ts';
import { zugriffsprotokoll } from '../protokoll/protokoll.table.ts';
import { users } from '../users/users.table.ts';
import { rewrapAll, rezeptObjectKey } from './rezept.service.ts';
import { rezeptDateien, rezepte } from './rezept.table.ts';
import { exportPatient } from './rezept.data.ts';
import { erasePatient } from './rezept.data.ts';

let t: TestApp;
/** Pairs (therapist, patient) in care, for the stub module below: the care rule itself is termin's. */
const inCare = new Set<string>();
const careStub: ModuleDescriptor = {
  name: 'care-stub',
  careRelation: (_db, therapist, patient) => Promise.resolve(inCare.has(`${therapist}:${patient}`)),
};

beforeAll(async () => {
  t = await createTestApp(
    { LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' },
    {
      modules: [...MODULES, careStub],
    },
  );
});
afterAll(() => t.close());

let counter = 0;
async function account(role: Role, privileges: Privilege[] = []) {
  const email = `rezept-${role.toLowerCase()}-${counter++}@test.de`;
  const [template] = await t.db.select().from(users).where(eq(users.email, 'patient@demo.de'));
  const [row] = await t.db
    .insert(users)
    .values({ email, passwordHash: template!.passwordHash, role, privileges: privileges.map(privilegeCode) })
    .returning({ id: users.id });
  return { id: row!.id, bearer: await t.bearer(email) };
}

const MARKER = 'GEHEIMER-BEFUND-MARKER-4711';
const pdf = (text = MARKER) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();

/** The part's Content-Type as a browser sends it: by the file name's extension. */
const typeByName = (name: string) =>
  name.endsWith('.png') ? 'image/png' : /\.jpe?g$/.test(name) ? 'image/jpeg' : 'application/pdf';

function multipart(parts: { file?: { data: Buffer; name: string; type?: string }; description?: string }) {
  const boundary = '----rezept-test';
  const chunks: Buffer[] = [];
  if (parts.description !== undefined) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${parts.description}\r\n`,
      ),
    );
  }
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="encrypt"\r\n\r\ntrue\r\n`));
  if (parts.file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${parts.file.name}"\r\n` +
          `Content-Type: ${parts.file.type ?? typeByName(parts.file.name)}\r\n\r\n`,
      ),
      parts.file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (bearer: string, parts: Parameters<typeof multipart>[0]) =>
  injectEndpoint(t.app, api.hochladen, { authorization: bearer, ...multipart(parts) });

async function uploaded(bearer: string, data = pdf(), name = 'rezept.pdf'): Promise<Rezept> {
  const response = await upload(bearer, { file: { data, name }, description: 'Physiotherapie 6x' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Rezept>();
}

const rawDump = async () => {
  const rows = await t.db.execute(
    sql`select encode(schluessel, 'hex') as b from rezept_datei
        union all select encode(inhalt, 'escape') from ablage_objekt where pfad like 'rezept/%'`,
  );
  return JSON.stringify(rows);
};

describe('upload, list and download', () => {
  it('returns the same bytes, keeps no plaintext in the database and lists the file', async () => {
    const patient = await account('PATIENT');
    const data = pdf();
    const rezept = await uploaded(patient.bearer, data, 'Rezept Müller.pdf');
    expect(rezept).toMatchObject({ originalFilename: 'Rezept Müller.pdf', status: 'NEU', patientId: patient.id });

    const list = await injectEndpoint(t.app, api.eigene, { authorization: patient.bearer });
    expect(list.json<Rezept[]>().map((r) => r.id)).toEqual([rezept.id]);

    const file = await injectEndpoint(t.app, api.eigeneDatei, {
      authorization: patient.bearer,
      params: { id: rezept.id },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(data)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''Rezept%20M%C3%BCller.pdf");

    expect(await rawDump()).not.toContain(MARKER);
  });

  it('re-encodes images', async () => {
    const patient = await account('PATIENT');
    const rezept = await uploaded(patient.bearer, await png(), 'scan.png');
    const file = await injectEndpoint(t.app, api.eigeneDatei, {
      authorization: patient.bearer,
      params: { id: rezept.id },
    });
    expect(file.headers['content-type']).toBe('image/png');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(40);
  });

  it('a ciphertext moved to another row does not decrypt', async () => {
    const patient = await account('PATIENT');
    const a = await uploaded(patient.bearer, pdf('A'));
    const b = await uploaded(patient.bearer, pdf('B'));
    const [source] = await t.db.select().from(rezeptDateien).where(eq(rezeptDateien.rezeptId, a.id));
    await t.db.update(rezeptDateien).set({ schluessel: source!.schluessel }).where(eq(rezeptDateien.rezeptId, b.id));
    const objects = t.services.objects;
    await objects.put(rezeptObjectKey(b.id), (await objects.get(rezeptObjectKey(a.id)))!);
    const file = await injectEndpoint(t.app, api.eigeneDatei, { authorization: patient.bearer, params: { id: b.id } });
    expect(file.statusCode).toBe(404);
  });

  it('master-key rotation keeps every file readable', async () => {
    const patient = await account('PATIENT');
    const rezept = await uploaded(patient.bearer);
    const old = t.config.fileMasterKeys.current;
    const next = masterKeyRing({ version: old.version + 1, key: randomBytes(32) }, [old]);
    expect((await rewrapAll(t.db, next)).rewrapped).toBeGreaterThan(0);
    const [row] = await t.db.select().from(rezeptDateien).where(eq(rezeptDateien.rezeptId, rezept.id));
    expect(row!.schluesselVersion).toBe(old.version + 1);
    // the export reads with the app's (old) ring: the content itself is unchanged, only its key is wrapped anew
    const { open } = await import('../../lib/envelope.ts');
    const { rezeptAad } = await import('./rezept.service.ts');
    const inhalt = (await t.services.objects.get(rezeptObjectKey(rezept.id)))!;
    expect(open(next, { ...row!, inhalt }, rezeptAad({ id: rezept.id, patientUserId: patient.id })).equals(pdf())).toBe(
      true,
    );
    // back to the app's key, so the other tests read on
    const back = masterKeyRing(old, [next.current]);
    await rewrapAll(t.db, back);
    const file = await injectEndpoint(t.app, api.eigeneDatei, {
      authorization: patient.bearer,
      params: { id: rezept.id },
    });
    expect(file.rawPayload.equals(pdf())).toBe(true);
  });
});

describe('bad input changes nothing', () => {
  const cases: [string, Parameters<typeof multipart>[0], string][] = [
    [
      '5 MB',
      { file: { data: Buffer.concat([pdf(), Buffer.alloc(5 * 1024 * 1024)]), name: 'a.pdf' }, description: 'x' },
      REZEPT_TEXTS.dateiZuGross,
    ],
    [
      'an .exe renamed',
      { file: { data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]), name: 'a.pdf' }, description: 'x' },
      REZEPT_TEXTS.dateiTyp,
    ],
    [
      'an SVG as image',
      {
        file: {
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          name: 'a.png',
          type: 'image/png',
        },
        description: 'x',
      },
      REZEPT_TEXTS.dateiTyp,
    ],
    [
      'HTML as image',
      {
        file: {
          data: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
          name: 'a.jpg',
          type: 'image/jpeg',
        },
        description: 'x',
      },
      REZEPT_TEXTS.dateiTyp,
    ],
    [
      'a PDF with wrong magic bytes',
      { file: { data: Buffer.from('PDF-1.4 kein echtes pdf'), name: 'a.pdf' }, description: 'x' },
      REZEPT_TEXTS.dateiTyp,
    ],
    ['an empty note', { file: { data: pdf(), name: 'a.pdf' }, description: '   ' }, REZEPT_TEXTS.anmerkungLeer],
    ['no note', { file: { data: pdf(), name: 'a.pdf' } }, REZEPT_TEXTS.anmerkungLeer],
    [
      'a name with ../',
      { file: { data: pdf(), name: '../../etc/passwd.pdf' }, description: 'x' },
      REZEPT_TEXTS.dateinameUngueltig,
    ],
    [
      'a name of 500 characters',
      { file: { data: pdf(), name: `${'a'.repeat(496)}.pdf` }, description: 'x' },
      REZEPT_TEXTS.dateinameUngueltig,
    ],
    ['no file', { description: 'x' }, REZEPT_TEXTS.dateiFehlt],
  ];
  it.each(cases)('%s: 400 with a German message', async (_, parts, message) => {
    const patient = await account('PATIENT');
    const response = await upload(patient.bearer, parts);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
    const rows = await t.db.select().from(rezepte).where(eq(rezepte.patientUserId, patient.id));
    expect(rows).toEqual([]);
  });

  it('refuses uploads of operators and therapists, and without login', async () => {
    expect((await upload('', { file: { data: pdf(), name: 'a.pdf' }, description: 'x' })).statusCode).toBe(401);
    const operator = await account('BETREIBER', ['GUTHABEN_AENDERN']);
    expect((await upload(operator.bearer, { file: { data: pdf(), name: 'a.pdf' }, description: 'x' })).statusCode).toBe(
      403,
    );
  });
});

describe('files without active content (issue 31 item 3)', () => {
  const nameOf = (type: string) => (type === 'application/pdf' ? 'a.pdf' : type === 'image/png' ? 'a.png' : 'a.jpg');

  it.each(REFUSED_CASES)('$name: 400 naming the reason ($befund), nothing stored', async ({ data, type, befund }) => {
    const patient = await account('PATIENT');
    const bytes = await data();
    const response = await upload(patient.bearer, {
      file: { data: bytes, name: nameOf(type), type },
      description: 'x',
    });
    expect(response.statusCode, response.body).toBe(400);
    const inhalt = (await fileTypeFromBuffer(bytes))!.mime as UploadInhalt;
    expect(response.json<{ message: string }>().message).toBe(uploadPruefungText(befund, inhalt));
    expect(await t.db.select().from(rezepte).where(eq(rezepte.patientUserId, patient.id))).toEqual([]);
  });

  it('an image with bytes after its end is stored re-encoded, without them', async () => {
    const patient = await account('PATIENT');
    const appended = Buffer.concat([await testPng(), Buffer.from(PNG_TRAILER)]);
    const rezept = await uploaded(patient.bearer, appended, 'scan.png');
    const file = await injectEndpoint(t.app, api.eigeneDatei, {
      authorization: patient.bearer,
      params: { id: rezept.id },
    });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.includes(PNG_TRAILER)).toBe(false);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(24);
  });

  it('takes a harmless PDF sent without a type (application/octet-stream) and keeps it as sent', async () => {
    const patient = await account('PATIENT');
    const response = await upload(patient.bearer, {
      file: { data: cleanPdf(), name: 'rezept', type: 'application/octet-stream' },
      description: 'x',
    });
    expect(response.statusCode, response.body).toBe(200);
    const file = await injectEndpoint(t.app, api.eigeneDatei, {
      authorization: patient.bearer,
      params: { id: response.json<Rezept>().id },
    });
    expect(file.rawPayload.equals(cleanPdf())).toBe(true);
  });
});

describe('access', () => {
  it('a patient reaches only own prescriptions', async () => {
    const owner = await account('PATIENT');
    const other = await account('PATIENT');
    const rezept = await uploaded(owner.bearer);
    const file = await injectEndpoint(t.app, api.eigeneDatei, {
      authorization: other.bearer,
      params: { id: rezept.id },
    });
    expect(file.statusCode).toBe(403);
    expect((await injectEndpoint(t.app, api.eigene, { authorization: other.bearer })).json()).toEqual([]);
    for (const declaration of [api.datei, api.abgerechnet]) {
      const response = await injectEndpoint(t.app, declaration, {
        authorization: other.bearer,
        params: { id: rezept.id },
      });
      expect(response.statusCode).toBe(403);
    }
    const list = await injectEndpoint(t.app, api.fuerPatient, {
      authorization: other.bearer,
      params: { patientId: owner.id },
    });
    expect(list.statusCode).toBe(403);
  });

  it('a therapist reads only while the patient is in care, and never changes a status', async () => {
    const patient = await account('PATIENT');
    const therapist = await account('THERAPEUT');
    const rezept = await uploaded(patient.bearer);
    const read = () =>
      injectEndpoint(t.app, api.fuerPatient, { authorization: therapist.bearer, params: { patientId: patient.id } });
    const download = () =>
      injectEndpoint(t.app, api.datei, { authorization: therapist.bearer, params: { id: rezept.id } });
    expect((await read()).statusCode).toBe(403);
    expect((await download()).statusCode).toBe(403);
    inCare.add(`${therapist.id}:${patient.id}`);
    expect((await read()).json<Rezept[]>().map((r) => r.id)).toEqual([rezept.id]);
    expect((await download()).rawPayload.equals(pdf())).toBe(true);
    const bill = await injectEndpoint(t.app, api.abgerechnet, {
      authorization: therapist.bearer,
      params: { id: rezept.id },
    });
    expect(bill.statusCode).toBe(403);
  });

  it('operators read with GUTHABEN_AENDERN or BENUTZER_VERWALTEN and handle only with GUTHABEN_AENDERN', async () => {
    const patient = await account('PATIENT');
    const rezept = await uploaded(patient.bearer);
    const reader = await account('BETREIBER', ['BENUTZER_VERWALTEN']);
    const none = await account('BETREIBER', ['TERMINE_EDITIEREN']);
    const list = await injectEndpoint(t.app, api.alleGefiltert, {
      authorization: reader.bearer,
      params: { filter: 'NEU' },
    });
    expect(list.json<RezeptSeite>().rezepte.map((r) => r.id)).toContain(rezept.id);
    expect((await injectEndpoint(t.app, api.alle, { authorization: none.bearer })).statusCode).toBe(403);
    expect(
      (await injectEndpoint(t.app, api.datei, { authorization: none.bearer, params: { id: rezept.id } })).statusCode,
    ).toBe(403);
    const bill = await injectEndpoint(t.app, api.abgerechnet, {
      authorization: reader.bearer,
      params: { id: rezept.id },
    });
    expect(bill.statusCode).toBe(403);
  });

  it('an operator’s prescription list read and its audit entries (issue 31 item 1)', async () => {
    const first = await account('PATIENT');
    const second = await account('PATIENT');
    await uploaded(first.bearer);
    await uploaded(first.bearer);
    const ofSecond = await uploaded(second.bearer);
    const operator = await account('BETREIBER', ['GUTHABEN_AENDERN']);
    const entriesOf = (endpunkt: string) =>
      t.db
        .select()
        .from(zugriffsprotokoll)
        .where(and(eq(zugriffsprotokoll.akteurUserId, operator.id), eq(zugriffsprotokoll.endpunkt, endpunkt)));

    const list = await injectEndpoint(t.app, api.alle, { authorization: operator.bearer });
    expect(list.statusCode).toBe(200);
    const shown = new Set(list.json<RezeptSeite>().rezepte.map((r) => r.patientId));
    expect(shown).toContain(first.id);
    expect(shown).toContain(second.id);
    // one entry per patient on the page (two prescriptions of the first patient: still one), never the content
    const entries = await vi.waitFor(async () => {
      const rows = await entriesOf('GET /api/rezepte/all');
      expect(rows).toHaveLength(shown.size);
      return rows;
    });
    expect(entries.map((e) => e.patientUserId).sort()).toEqual([...shown].sort());
    expect(entries.find((e) => e.patientUserId === first.id)).toMatchObject({
      akteurRolle: 'BETREIBER',
      art: 'REZEPT',
      aktion: 'LESEN',
      datensatzId: null,
      ergebnis: 'ERLAUBT',
      status: 200,
    });

    // the filtered list the same, under its own address
    const filtered = await injectEndpoint(t.app, api.alleGefiltert, {
      authorization: operator.bearer,
      params: { filter: 'NEU' },
    });
    expect(filtered.json<RezeptSeite>().rezepte.map((r) => r.id)).toContain(ofSecond.id);
    await vi.waitFor(async () => {
      const rows = await entriesOf('GET /api/rezepte/all/:filter');
      expect(rows.map((e) => e.patientUserId)).toContain(second.id);
    });

    // the patient sees who read their prescriptions
    const own = await injectEndpoint(t.app, protokollEndpoints.eigene, { authorization: second.bearer });
    expect(own.json<EigeneZugriffe>().eintraege).toContainEqual(
      expect.objectContaining({ rolle: 'BETREIBER', art: 'REZEPT', aktion: 'LESEN' }),
    );

    // a page with nobody on it answers, and names nobody
    const [{ last } = { last: 0 }] = await t.db
      .select({ last: sql<number>`coalesce(max(${zugriffsprotokoll.id}), 0)::int` })
      .from(zugriffsprotokoll);
    const empty = await injectEndpoint(t.app, api.alleGefiltert, {
      authorization: operator.bearer,
      params: { filter: 'ABGERECHNET' },
      query: { page: 100_000, size: 100 },
    });
    expect(empty.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await t.db
      .select()
      .from(zugriffsprotokoll)
      .where(and(gt(zugriffsprotokoll.id, last), eq(zugriffsprotokoll.akteurUserId, operator.id)));
    expect(after).toEqual([]);
  });

  it('pages the operator list newest first, with a total bounded past the page', async () => {
    const patient = await account('PATIENT');
    const operator = await account('BETREIBER', ['GUTHABEN_AENDERN']);
    // rejected ones of other tests sort after these (older), but count
    const [before] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rezepte)
      .where(eq(rezepte.status, 'ABGELEHNT'));
    const all = TOTAL_WINDOW + 100 + (before?.n ?? 0);
    // more rows than the total counts past the first page, each a minute older than the one before
    await t.db.execute(sql`
      insert into rezept (patient_user_id, original_filename, media_type, anmerkung, status, eingereicht)
      select ${patient.id}, 'seite-' || i || '.pdf', 'application/pdf', 'Seitenprobe', 'ABGELEHNT',
        now() + interval '1 day' - make_interval(mins => i)
      from generate_series(1, ${TOTAL_WINDOW + 100}) as i`);
    const page = async (query: { page?: number; size?: number }) => {
      const answer = await injectEndpoint(t.app, api.alleGefiltert, {
        authorization: operator.bearer,
        params: { filter: 'ABGELEHNT' },
        query,
      });
      expect(answer.statusCode).toBe(200);
      return answer.json<RezeptSeite>();
    };

    const first = await page({});
    expect(first.rezepte).toHaveLength(50);
    expect(first.rezepte.slice(0, 2).map((r) => r.originalFilename)).toEqual(['seite-1.pdf', 'seite-2.pdf']);
    expect(first).toMatchObject({ gesamt: TOTAL_WINDOW, gesamtGekappt: true });
    const second = await page({ page: 1, size: 25 });
    expect(second.rezepte.map((r) => r.originalFilename)[0]).toBe('seite-26.pdf');
    const last = await page({ page: 20, size: 100 });
    expect(last.rezepte).toHaveLength(0);
    expect(last).toMatchObject({ gesamt: all, gesamtGekappt: false });
    const partial = await page({ page: 10, size: 100 });
    expect(partial.rezepte.map((r) => r.originalFilename)[99]).toBe(`seite-${TOTAL_WINDOW + 100}.pdf`);
    expect(partial).toMatchObject({ gesamt: all, gesamtGekappt: false });

    const tooLarge = await injectEndpoint(t.app, api.alle, {
      authorization: operator.bearer,
      query: { size: 101 },
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json<{ message: string }>().message).toContain('Ungültige Seitengröße.');
  });

  it('answers 400 for a bad filter or id and 404 for an unknown prescription or patient', async () => {
    const operator = await account('BETREIBER', ['GUTHABEN_AENDERN']);
    const badFilter = await injectEndpoint(t.app, api.alleGefiltert, {
      authorization: operator.bearer,
      params: { filter: 'NEUE' },
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json<{ message: string }>().message).toContain('Unbekannter Filter.');
    const badId = await injectEndpoint(t.app, api.abgerechnet, {
      authorization: operator.bearer,
      params: { id: 'abc' },
    });
    expect(badId.statusCode).toBe(400);
    const unknown = await injectEndpoint(t.app, api.abgerechnet, {
      authorization: operator.bearer,
      params: { id: 999999 },
    });
    expect(unknown.statusCode).toBe(404);
    const noPatient = await injectEndpoint(t.app, api.fuerPatient, {
      authorization: operator.bearer,
      params: { patientId: operator.id },
    });
    expect(noPatient.statusCode).toBe(404);
  });
});

describe('status machine and credit', () => {
  const change = async (declaration: typeof api.abgerechnet, bearer: string, id: number) =>
    injectEndpoint(t.app, declaration, { authorization: bearer, params: { id } });

  it('credit edit sets INBEARBEITUNG and books through the ledger; billing keeps it; no way back', async () => {
    const patient = await account('PATIENT');
    const operator = await account('BETREIBER', ['GUTHABEN_AENDERN']);
    const rezept = await uploaded(patient.bearer);
    const gutschrift = { rezeptEinzelTermin: 6, rezeptGruppenTermin: 0, rezeptBefundTermin: 1 };
    const edited = await injectEndpoint(t.app, api.gutschrift, {
      authorization: operator.bearer,
      params: { id: rezept.id },
      body: gutschrift,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Rezept>()).toMatchObject({ status: 'INBEARBEITUNG', gutschrift });
    expect(edited.json<Rezept>().gebucht).not.toBeNull();
    expect(await balanceOf(t.db, patient.id)).toMatchObject({ rezeptEinzelTermin: 6, rezeptBefundTermin: 1 });

    const less = await injectEndpoint(t.app, api.gutschrift, {
      authorization: operator.bearer,
      params: { id: rezept.id },
      body: { ...gutschrift, rezeptEinzelTermin: 4 },
    });
    expect(less.statusCode).toBe(200);
    expect((await balanceOf(t.db, patient.id)).rezeptEinzelTermin).toBe(4);

    expect((await change(api.abgerechnet, operator.bearer, rezept.id)).json()).toEqual({ status: 'ABGERECHNET' });
    for (const declaration of [api.bearbeitung, api.abgerechnet, api.abgelehnt]) {
      const refused = await change(declaration, operator.bearer, rezept.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toContain('Abgerechnet');
    }
    const lateEdit = await injectEndpoint(t.app, api.gutschrift, {
      authorization: operator.bearer,
      params: { id: rezept.id },
      body: gutschrift,
    });
    expect(lateEdit.statusCode).toBe(409);
    expect((await balanceOf(t.db, patient.id)).rezeptEinzelTermin).toBe(4);
  });

  it('rejecting takes the credit back; bad credit input is 400', async () => {
    const patient = await account('PATIENT');
    const operator = await account('BETREIBER', ['GUTHABEN_AENDERN']);
    const rezept = await uploaded(patient.bearer);
    const bad = await injectEndpoint(t.app, api.gutschrift, {
      authorization: operator.bearer,
      params: { id: rezept.id },
      body: { rezeptEinzelTermin: -1, rezeptGruppenTermin: 0, rezeptBefundTermin: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Einzeltermine darf nicht negativ sein.');
    await injectEndpoint(t.app, api.gutschrift, {
      authorization: operator.bearer,
      params: { id: rezept.id },
      body: { rezeptEinzelTermin: 0, rezeptGruppenTermin: 3, rezeptBefundTermin: 0 },
    });
    expect((await balanceOf(t.db, patient.id)).rezeptGruppenTermin).toBe(3);
    expect((await change(api.abgelehnt, operator.bearer, rezept.id)).json()).toEqual({ status: 'ABGELEHNT' });
    expect((await balanceOf(t.db, patient.id)).rezeptGruppenTermin).toBe(0);
  });

  it('bearbeitung from NEU, idempotent; deleting removes the content and blanks the texts; twice is refused', async () => {
    const patient = await account('PATIENT');
    const operator = await account('BETREIBER', ['GUTHABEN_AENDERN']);
    const rezept = await uploaded(patient.bearer);
    expect((await change(api.bearbeitung, operator.bearer, rezept.id)).json()).toEqual({ status: 'INBEARBEITUNG' });
    expect((await change(api.bearbeitung, operator.bearer, rezept.id)).json()).toEqual({ status: 'INBEARBEITUNG' });
    expect((await change(api.loeschen, operator.bearer, rezept.id)).json()).toEqual({ status: 'GELOESCHT' });
    const [row] = await t.db.select().from(rezepte).where(eq(rezepte.id, rezept.id));
    expect(row).toMatchObject({ originalFilename: REZEPT_GELOESCHT_TEXT, anmerkung: REZEPT_GELOESCHT_TEXT });
    expect(await t.db.select().from(rezeptDateien).where(eq(rezeptDateien.rezeptId, rezept.id))).toEqual([]);
    expect(await t.services.objects.get(rezeptObjectKey(rezept.id))).toBeNull();
    const again = await change(api.loeschen, operator.bearer, rezept.id);
    expect(again.statusCode).toBe(409);
    const file = await injectEndpoint(t.app, api.eigeneDatei, {
      authorization: patient.bearer,
      params: { id: rezept.id },
    });
    expect(file.statusCode).toBe(404);
    const gone = await injectEndpoint(t.app, api.alleGefiltert, {
      authorization: operator.bearer,
      params: { filter: 'GELOESCHT' },
    });
    expect(gone.json<RezeptSeite>().rezepte.map((r) => r.id)).toContain(rezept.id);
  });

  it('concurrent bill and reject: exactly one wins', async () => {
    const patient = await account('PATIENT');
    const operator = await account('BETREIBER', ['GUTHABEN_AENDERN']);
    const rezept = await uploaded(patient.bearer);
    const answers = await Promise.all([
      change(api.abgerechnet, operator.bearer, rezept.id),
      change(api.abgelehnt, operator.bearer, rezept.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('export and erasure', () => {
  it('exports every row with the decrypted file, and erasure leaves no content', async () => {
    const patient = await account('PATIENT');
    const rezept = await uploaded(patient.bearer);
    const exported = await exportPatient(t.db, patient.id, t.services);
    expect(exported.rezept).toHaveLength(1);
    const [entry] = exported.rezept_datei as { rezeptId: number; datei: { base64: string; type: string } }[];
    expect(entry!.rezeptId).toBe(rezept.id);
    expect(Buffer.from(entry!.datei.base64, 'base64').equals(pdf())).toBe(true);
    await t.db.transaction((tx) => erasePatient(tx, patient.id, t.services));
    expect(await t.db.select().from(rezeptDateien).where(eq(rezeptDateien.rezeptId, rezept.id))).toEqual([]);
    expect(await t.db.select().from(rezepte).where(eq(rezepte.patientUserId, patient.id))).toEqual([]);
    expect(await t.services.objects.get(rezeptObjectKey(rezept.id))).toBeNull();
  });
});
