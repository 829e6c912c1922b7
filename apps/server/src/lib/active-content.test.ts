import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import type { UploadInhalt } from '@dihs/contract/common/upload-pruefung';
import {
  cleanPdf,
  objectStream,
  pdfOf,
  PNG_TRAILER,
  REFUSED_CASES,
  testJpeg,
  testPng,
} from '../test/active-content-fixtures.ts';
import { declaredTypeAgrees, pdfActiveContent, uploadBefund } from './active-content.ts';
import { reencodeImage } from './image.ts';
import { renderPdf } from './pdf.ts';

describe('uploadBefund', () => {
  it.each(REFUSED_CASES)('$name: $befund', async ({ data, type, befund }) => {
    const bytes = await data();
    // the type the content shows, as file-type finds it
    const detected = (await fileTypeFromBuffer(bytes))?.mime as UploadInhalt;
    expect(uploadBefund(bytes, detected, type)).toBe(befund);
  });

  it('accepts a harmless PDF, also one with a clean object stream, and what pdfkit writes', async () => {
    expect(uploadBefund(cleanPdf(), 'application/pdf', 'application/pdf')).toBeNull();
    const packed = pdfOf(
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      objectStream(4, ['<< /Producer (Scanner) >>', '[1 2 3]']),
    );
    expect(uploadBefund(packed, 'application/pdf', 'application/pdf')).toBeNull();
    const rendered = await renderPdf('Heilmittelverordnung', (doc) => doc.text('Krankengymnastik, 6 Einheiten'));
    expect(uploadBefund(rendered, 'application/pdf', 'application/pdf')).toBeNull();
  });

  it('accepts bytes after an image end that are no second format (re-encoding drops them)', async () => {
    for (const [image, type] of [
      [await testPng(), 'image/png'],
      [await testJpeg(), 'image/jpeg'],
    ] as const) {
      const appended = Buffer.concat([image, Buffer.from(PNG_TRAILER)]);
      expect(uploadBefund(appended, type, type)).toBeNull();
      const stored = await reencodeImage(appended, type);
      expect(stored.includes(PNG_TRAILER)).toBe(false);
    }
  });

  it('an SVG marker needs a handler or a namespace (a bare `<svg ` occurs by chance in compressed bytes)', () => {
    const pdf = (tail: string) =>
      Buffer.concat([cleanPdf().subarray(0, 20), Buffer.from(tail), cleanPdf().subarray(20)]);
    expect(uploadBefund(pdf('<svg \x01\x02>'), 'application/pdf', 'application/pdf')).toBeNull();
    expect(uploadBefund(pdf('<SVG XMLNS="http://www.w3.org/2000/svg">'), 'application/pdf', undefined)).toBe('html');
  });

  it('a PDF with the short names only inside stream data is not refused; outside it is', () => {
    const inContent = pdfOf(
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      '<< /Length 17 >>\nstream\n/JS /EF /XFA BT\nendstream',
    );
    expect(pdfActiveContent(inContent)).toBeNull();
    expect(pdfActiveContent(pdfOf('<< /Type /Catalog /JS 3 0 R >>'))).toBe('javascript');
  });
});

describe('pdfActiveContent reads the structure as a reader does', () => {
  const catalog = '<< /Type /Catalog /Pages 2 0 R >>';
  const pages = '<< /Type /Pages /Kids [] /Count 0 >>';
  const js = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';

  it('a string that looks like a stream or an object header hides nothing', () => {
    expect(pdfActiveContent(pdfOf(catalog, pages, '<< /Junk (>>stream\n) >>', objectStream(5, [js])))).toBe(
      'javascript',
    );
    expect(pdfActiveContent(pdfOf(catalog, pages, objectStream(4, [js], '/Type /ObjStm /Junk (9 0 obj)')))).toBe(
      'javascript',
    );
    expect(pdfActiveContent(pdfOf(catalog, pages, objectStream(4, [js], '/Junk (9 0 obj <<)')))).toBe('javascript');
  });

  it('an object stream inside another stream, or a string to the end of the file, cannot be checked', () => {
    const hidden = pdfOf(catalog, pages, `<< /Length 5 >>\nstream\n${objectStream(5, [js])}\nendstream`);
    expect(pdfActiveContent(hidden)).toBe('nichtPruefbar');
    expect(pdfActiveContent(pdfOf(catalog, '<< /Title (offen >>'))).toBe('nichtPruefbar');
  });

  it('reads a real file: what pdfkit writes is harmless', async () => {
    const rendered = await renderPdf('Verordnung', (doc) => doc.text('Manuelle Therapie'));
    expect(pdfActiveContent(rendered)).toBeNull();
  });
});

describe('declaredTypeAgrees', () => {
  it('takes the browsers names and no claim; refuses another type', () => {
    expect(declaredTypeAgrees('application/pdf', 'application/pdf')).toBe(true);
    expect(declaredTypeAgrees('Application/PDF; charset=binary', 'application/pdf')).toBe(true);
    expect(declaredTypeAgrees('image/jpg', 'image/jpeg')).toBe(true);
    expect(declaredTypeAgrees('image/pjpeg', 'image/jpeg')).toBe(true);
    expect(declaredTypeAgrees('application/octet-stream', 'image/png')).toBe(true);
    expect(declaredTypeAgrees('', 'image/png')).toBe(true);
    expect(declaredTypeAgrees(undefined, 'application/pdf')).toBe(true);
    expect(declaredTypeAgrees('image/png', 'application/pdf')).toBe(false);
    expect(declaredTypeAgrees('application/pdf', 'image/png')).toBe(false);
    // a part without Content-Type reaches the handler as text/plain (RFC 7578): a claim that does not agree
    expect(declaredTypeAgrees('text/plain', 'application/pdf')).toBe(false);
    expect(declaredTypeAgrees('text/html', 'image/png')).toBe(false);
  });
});
