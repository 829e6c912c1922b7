import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABO_TEXTS } from '@dihs/contract/abo';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { PLATFORM } from '../mail/index.ts';
import { firmen } from '../firma/firma.table.ts';
import { aboTestSupport } from './abo.test-support.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { aboEndpoints } from '@dihs/contract/abo';

let clock = new Date('2030-03-05T10:00:00Z');
let t: TestApp;
let admin: string;
const s = aboTestSupport(() => t);

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' }, { now: () => clock });
  admin = await t.bearer('betreiber@demo.de');
});
afterAll(() => t.close());

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function download(path: string, bearer: string): Promise<string> {
  const response = await s.get(path, bearer);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="abo/);
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(response.rawPayload);
}

describe('subscription PDFs', () => {
  it('confirms the own booking and the own cancellation with platform, patient, package, amounts and dates', async () => {
    clock = new Date('2030-03-05T10:00:00Z');
    const patient = await s.account('PATIENT', { name: 'Greta Gründlich' });
    const paket = await s.paket(admin, {
      title: 'Rücken Quartal',
      laufzeitMonate: 12,
      buchungMonate: 3,
      kuendigungsfristMonate: 3,
      einzelTermineProQuartal: 3,
      kostenProQuartalCent: 3000,
    });
    const missing = await s.get(apiUrl(aboEndpoints.bestaetigungPdf), patient.bearer);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ABO_TEXTS.keineBestaetigung);

    await s.sandbox(await s.bestellen(patient.bearer, paket.aboPaketId), 'bezahlen');
    const booking = await download(apiUrl(aboEndpoints.bestaetigungPdf), patient.bearer);
    for (const part of [
      PLATFORM,
      'Abobestätigung',
      'Greta Gründlich',
      patient.email,
      'Rücken Quartal',
      '3 Einzeltermine',
      'Vertragsbeginn: 05.03.2030',
      'Aktuelle Laufzeit bis: 04.03.2031',
      'Letztmöglicher Kündigungstag: 04.12.2030',
      'Nettobetrag 25,21 €',
      'zzgl. 19 % MwSt. 4,79 €',
      'Gesamtbetrag (inkl. MwSt.) 30,00 €',
      'Buchungsdatum: 05.03.2030',
    ]) {
      expect(booking).toContain(part);
    }

    expect((await s.get(apiUrl(aboEndpoints.kuendigungsbestaetigungPdf), patient.bearer)).statusCode).toBe(404);
    const abo = (await s.aktiv(patient.bearer))!;
    clock = new Date('2030-06-01T10:00:00Z');
    await s.get(apiUrl(aboEndpoints.kuendigen, { params: { aboId: abo.id } }), patient.bearer);
    const cancellation = await download(apiUrl(aboEndpoints.kuendigungsbestaetigungPdf), patient.bearer);
    for (const part of [
      PLATFORM,
      'Kündigungsbestätigung',
      'Greta Gründlich',
      'Rücken Quartal',
      'zum 04.03.2031',
      'Gekündigt am: 01.06.2030',
      'Vertragsende: 04.03.2031',
      'Gesamtbetrag (inkl. MwSt.) 30,00 €',
    ]) {
      expect(cancellation).toContain(part);
    }

    // withdrawn: no cancellation to confirm; another patient never gets this one
    await s.get(apiUrl(aboEndpoints.kuendigungWiderrufen, { params: { aboId: abo.id } }), patient.bearer);
    expect((await s.get(apiUrl(aboEndpoints.kuendigungsbestaetigungPdf), patient.bearer)).statusCode).toBe(404);
    const other = await s.account('PATIENT');
    expect((await s.get(apiUrl(aboEndpoints.bestaetigungPdf), other.bearer)).statusCode).toBe(404);
  });

  it('says that the employer pays for a company subscription', async () => {
    const [firma] = await t.db.insert(firmen).values({ bezeichner: 'PDF Firma' }).returning();
    const patient = await s.account('PATIENT', { firmaId: firma!.id, name: 'Fritz Firma' });
    const paket = await s.paket(admin, { title: 'Firmenpaket', buchbar: false, kostenProQuartalCent: 5000 });
    await s.post(apiUrl(aboEndpoints.zuweisen), { aboPaketId: paket.aboPaketId, patientId: patient.id }, admin);
    const text = await download(apiUrl(aboEndpoints.bestaetigungPdf), patient.bearer);
    expect(text).toContain('Firmenabo');
    expect(text).toContain('Die Kosten dieses Abos trägt Ihr Arbeitgeber.');
    expect(text).not.toContain('50,00 €');
  });
});
