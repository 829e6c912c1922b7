import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFIL_TEXTS } from '@dihs/contract/profil';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/users.table.ts';
import { bookIntoCare } from '../termin/care.test-support.ts';
import { documentation } from './profil.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { profilEndpoints } from '@dihs/contract/profil';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '1000' });
  for (const row of await t.db.select({ id: users.id, email: users.email }).from(users)) ids[row.email] = row.id;
  // both therapists treat every demo patient: these tests are about documentation, need-to-know has its own tests
  const patients = ['patient@demo.de', 'patient2@demo.de', 'firmenpatient@demo.de'].map((email) => ids[email]!);
  for (const therapist of ['therapeut@demo.de', 'therapeut2@demo.de'])
    await bookIntoCare(t.db, ids[therapist]!, ...patients);
});
afterAll(() => t.close());

const id = (email: string) => ids[email]!;

async function call(method: 'GET' | 'POST', url: string, email?: string, text?: string) {
  const headers: Record<string, string> = email ? { authorization: await t.bearer(email) } : {};
  if (text !== undefined) headers['content-type'] = 'text/plain; charset=utf-8';
  return t.app.inject({ method, url, headers, ...(text !== undefined ? { payload: text } : {}) });
}

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('documentation', () => {
  it('lets therapists and operators write and read the merged list, newest first', async () => {
    const patient = id('patient2@demo.de');
    const first = await call(
      'POST',
      apiUrl(profilEndpoints.dokumentationAnlegen, { params: { patientId: patient } }),
      'therapeut@demo.de',
      'Schulter frei beweglich.',
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      therapeutVorname: 'Thomas',
      therapeutNachname: 'Therapeut',
      email: 'therapeut@demo.de',
      beitrag: 'Schulter frei beweglich.',
      vonBetreiber: false,
    });
    // a JSON string body works as well as text/plain
    const second = await t.app.inject({
      method: 'POST',
      url: apiUrl(profilEndpoints.dokumentationBetreiberAnlegen, { params: { patientId: patient } }),
      headers: { authorization: await t.bearer('betreiber@demo.de'), 'content-type': 'application/json' },
      payload: JSON.stringify('Rezept liegt vor.'),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      therapeutVorname: 'Bettina',
      vonBetreiber: true,
      beitrag: 'Rezept liegt vor.',
    });

    for (const [url, email] of [
      [apiUrl(profilEndpoints.dokumentationAnlegen, { params: { patientId: patient } }), 'therapeut2@demo.de'],
      [apiUrl(profilEndpoints.dokumentationBetreiberAnlegen, { params: { patientId: patient } }), 'betreiber@demo.de'],
    ] as const) {
      const list = await call('GET', url, email);
      expect(list.statusCode).toBe(200);
      expect(list.json<{ beitrag: string }[]>().map((e) => e.beitrag)).toEqual([
        'Rezept liegt vor.',
        'Schulter frei beweglich.',
      ]);
      expect(new Date(list.json()[0].datum).getTime()).not.toBeNaN();
    }
  });

  it('keeps documentation from patients, their own included', async () => {
    const own = id('patient@demo.de');
    await call(
      'POST',
      apiUrl(profilEndpoints.dokumentationAnlegen, { params: { patientId: own } }),
      'therapeut@demo.de',
      'Vertraulich',
    );
    for (const url of [
      apiUrl(profilEndpoints.dokumentationAnlegen, { params: { patientId: own } }),
      apiUrl(profilEndpoints.dokumentationBetreiberAnlegen, { params: { patientId: own } }),
      apiUrl(profilEndpoints.dokumentationPdf, { params: { patientId: own } }),
    ]) {
      expect((await call('GET', url, 'patient@demo.de')).statusCode).toBe(403);
      expect((await call('GET', url, 'patient2@demo.de')).statusCode).toBe(403);
      expect((await call('GET', url)).statusCode).toBe(401);
    }
    expect(
      (
        await call(
          'POST',
          apiUrl(profilEndpoints.dokumentationAnlegen, { params: { patientId: own } }),
          'patient@demo.de',
          'Selbst',
        )
      ).statusCode,
    ).toBe(403);
  });

  it('keeps each path to its role', async () => {
    const patient = id('patient2@demo.de');
    expect(
      (
        await call(
          'POST',
          apiUrl(profilEndpoints.dokumentationBetreiberAnlegen, { params: { patientId: patient } }),
          'therapeut@demo.de',
          'x',
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'POST',
          apiUrl(profilEndpoints.dokumentationAnlegen, { params: { patientId: patient } }),
          'betreiber@demo.de',
          'x',
        )
      ).statusCode,
    ).toBe(403);
  });

  it('refuses empty and overlong entries and targets that are not patients', async () => {
    const patient = id('patient2@demo.de');
    const empty = await call(
      'POST',
      apiUrl(profilEndpoints.dokumentationAnlegen, { params: { patientId: patient } }),
      'therapeut@demo.de',
      '   ',
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PROFIL_TEXTS.beitragLeer);
    const long = await call(
      'POST',
      apiUrl(profilEndpoints.dokumentationAnlegen, { params: { patientId: patient } }),
      'therapeut@demo.de',
      'a'.repeat(5001),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Maximale Länge beachten');
    expect(
      (
        await call(
          'POST',
          apiUrl(profilEndpoints.dokumentationAnlegen, { params: { patientId: id('therapeut2@demo.de') } }),
          'therapeut@demo.de',
          'x',
        )
      ).statusCode,
      // no therapist is in another therapist's care: the need-to-know check refuses before the lookup
    ).toBe(403);
    expect(
      (
        await call(
          'GET',
          apiUrl(profilEndpoints.dokumentationAnlegen, { params: { patientId: 0 } }),
          'therapeut@demo.de',
        )
      ).statusCode,
    ).toBe(400);
  });

  it('answers the documentation as a PDF whose text names patient, authors and entries', async () => {
    const patient = id('firmenpatient@demo.de');
    await call(
      'POST',
      apiUrl(profilEndpoints.dokumentationAnlegen, { params: { patientId: patient } }),
      'therapeut@demo.de',
      'Gleichgewichtsübungen: große Fortschritte.\nWeiter so.',
    );
    await call(
      'POST',
      apiUrl(profilEndpoints.dokumentationBetreiberAnlegen, { params: { patientId: patient } }),
      'betreiber@demo.de',
      'Termin verschoben 😀',
    );
    for (const email of ['therapeut2@demo.de', 'betreiber@demo.de']) {
      const response = await call(
        'GET',
        apiUrl(profilEndpoints.dokumentationPdf, { params: { patientId: patient } }),
        email,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain('attachment');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(response.rawPayload);
      expect(text).toContain('Patientendokumentation');
      expect(text).toContain('Fiona Firmenpatientin');
      expect(text).toContain('05.01.1990');
      expect(text).toContain('Gleichgewichtsübungen: große Fortschritte.');
      expect(text).toContain('Thomas Therapeut');
      expect(text).toContain('Bettina Betreiber');
      // characters the PDF font lacks become '?', never garbage
      expect(text).toContain('Termin verschoben ?');
    }
  });

  it('answers a PDF for a patient without entries', async () => {
    const patient = id('patient@demo.de');
    await t.db.delete(documentation).where(eq(documentation.patientUserId, patient));
    const response = await call(
      'GET',
      apiUrl(profilEndpoints.dokumentationPdf, { params: { patientId: patient } }),
      'betreiber@demo.de',
    );
    expect(await pdfText(response.rawPayload)).toContain('Es sind noch keine Einträge vorhanden.');
  });
});
