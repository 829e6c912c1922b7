import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { UploadBefund } from '@dihs/contract/common/upload-pruefung';

/**
 * Files with active content and polyglots, built from strings (issue 31 item 3): the cases the upload tests send
 * to the prescription upload and the operator's file upload, and the content check's unit test.
 */

/** A PDF of the given objects (numbered from 1; object 1 is the catalog), with a trailer and `%%EOF`. */
export function pdfOf(...objects: string[]): Buffer {
  const body = objects.map((object, i) => `${i + 1} 0 obj\n${object}\nendobj\n`).join('');
  return Buffer.from(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n${body}trailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

const PAGES = '<< /Type /Pages /Kids [] /Count 0 >>';

/** A harmless PDF: a catalog, its pages, a text that speaks of JavaScript (a word, not a name). */
export const cleanPdf = () =>
  pdfOf('<< /Type /Catalog /Pages 2 0 R /OpenAction [2 0 R /Fit] >>', PAGES, '<< /Title (JavaScript und Launch) >>');

/** A stream object of the given dictionary entries and content, Flate-compressed. */
export function flateStream(entries: string, content: string): string {
  const data = deflateSync(Buffer.from(content, 'latin1'));
  return `<< ${entries} /Filter /FlateDecode /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`;
}

/** An object stream (PDF 1.5) holding the given objects, numbered from `first`, Flate-compressed. */
export function objectStream(first: number, objects: string[], type = '/Type /ObjStm'): string {
  let offset = 0;
  const pairs: string[] = [];
  for (const [i, object] of objects.entries()) {
    pairs.push(`${first + i} ${offset}`);
    offset += object.length + 1;
  }
  const head = `${pairs.join(' ')} `;
  return flateStream(`${type} /N ${objects.length} /First ${head.length}`, head + objects.join('\n'));
}

const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

/** A ZIP with one stored file, as `zip` writes it (local header, central directory, end record). */
function zip(): Buffer {
  const name = Buffer.from('a.exe');
  const data = Buffer.from('MZ ein Programm');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

export const testPng = () =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
export const testJpeg = () =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: '#a63' } })
    .jpeg()
    .toBuffer();

export interface RefusedCase {
  name: string;
  data: () => Promise<Buffer> | Buffer;
  /** The part's Content-Type. */
  type: string;
  befund: UploadBefund;
}

const catalog = (entries: string) => `<< /Type /Catalog /Pages 2 0 R ${entries} >>`;

/** Every active-content and polyglot case, with what the check must find. */
export const REFUSED_CASES: RefusedCase[] = [
  {
    name: 'a PDF with /OpenAction /JavaScript',
    data: () => pdfOf(catalog('/OpenAction 3 0 R'), PAGES, '<< /S /JavaScript /JS (app.alert\\(1\\)) >>'),
    type: 'application/pdf',
    befund: 'javascript',
  },
  {
    name: 'a PDF with a document JavaScript in its names tree, the name hex-escaped',
    data: () =>
      pdfOf(
        catalog('/Names << /J#61va#53cript 3 0 R >>'),
        PAGES,
        '<< /Names [(a) << /S /J#61vaScript /JS 4 0 R >>] >>',
      ),
    type: 'application/pdf',
    befund: 'javascript',
  },
  {
    name: 'a PDF with JavaScript hidden in a compressed object stream',
    data: () =>
      pdfOf(catalog('/OpenAction 4 0 R'), PAGES, objectStream(4, ['<< /S /JavaScript /JS (app.alert\\(1\\)) >>'])),
    type: 'application/pdf',
    befund: 'javascript',
  },
  {
    name: 'a PDF with /JS in an object stream without /Type',
    data: () => pdfOf(catalog('/AA << /O 4 0 R >>'), PAGES, objectStream(4, ['<< /JS 5 0 R >>'], '')),
    type: 'application/pdf',
    befund: 'javascript',
  },
  {
    name: 'a PDF with an object stream it cannot read (ASCIIHex)',
    data: () =>
      pdfOf(
        catalog(''),
        PAGES,
        `<< /Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode /Length 8 >>\nstream\n3C3C3E3E>\nendstream`,
      ),
    type: 'application/pdf',
    befund: 'nichtPruefbar',
  },
  {
    name: 'a PDF with a broken compressed object stream',
    data: () =>
      pdfOf(
        catalog(''),
        PAGES,
        `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length 9 >>\nstream\nkein zlib\nendstream`,
      ),
    type: 'application/pdf',
    befund: 'nichtPruefbar',
  },
  {
    name: 'a PDF with a launch action',
    data: () => pdfOf(catalog('/OpenAction 3 0 R'), PAGES, '<< /S /Launch /Win << /F (cmd.exe) >> >>'),
    type: 'application/pdf',
    befund: 'launch',
  },
  {
    name: 'a PDF with embedded files',
    data: () =>
      pdfOf(
        catalog('/Names << /EmbeddedFiles << /Names [(a.exe) 3 0 R] >> >>'),
        PAGES,
        '<< /Type /Filespec /F (a.exe) /EF << /F 4 0 R >> >>',
        flateStream('/Type /EmbeddedFile', 'MZ'),
      ),
    type: 'application/pdf',
    befund: 'eingebettet',
  },
  {
    name: 'a PDF with a file spec holding an embedded file (/EF)',
    data: () => pdfOf(catalog('/OpenAction 3 0 R'), PAGES, '<< /Type /Filespec /F (a.txt) /EF << /F 4 0 R >> >>'),
    type: 'application/pdf',
    befund: 'eingebettet',
  },
  {
    name: 'a PDF with an XFA form',
    data: () => pdfOf(catalog('/AcroForm << /Fields [] /XFA 3 0 R >>'), PAGES, flateStream('', '<xdp:xdp/>')),
    type: 'application/pdf',
    befund: 'xfa',
  },
  {
    name: 'a PDF with an HTML trailer',
    data: () => Buffer.concat([cleanPdf(), Buffer.from(HTML)]),
    type: 'application/pdf',
    befund: 'html',
  },
  {
    name: 'a PDF with a ZIP appended',
    data: () => Buffer.concat([cleanPdf(), zip()]),
    type: 'application/pdf',
    befund: 'zip',
  },
  {
    name: 'a PDF with data after %%EOF',
    data: () => Buffer.concat([cleanPdf(), Buffer.from('zweite Datei\n')]),
    type: 'application/pdf',
    befund: 'anhang',
  },
  {
    name: 'a PNG with HTML appended',
    data: async () => Buffer.concat([await testPng(), Buffer.from(HTML)]),
    type: 'image/png',
    befund: 'html',
  },
  {
    name: 'a PNG with an SVG appended',
    data: async () => Buffer.concat([await testPng(), Buffer.from('<svg onload="alert(1)"/>')]),
    type: 'image/png',
    befund: 'html',
  },
  {
    name: 'a JPEG with a ZIP appended',
    data: async () => Buffer.concat([await testJpeg(), zip()]),
    type: 'image/jpeg',
    befund: 'zip',
  },
  {
    name: 'a PNG sent as application/pdf',
    data: () => testPng(),
    type: 'application/pdf',
    befund: 'typAbweichung',
  },
  {
    name: 'a PDF sent as image/png',
    data: () => cleanPdf(),
    type: 'image/png',
    befund: 'typAbweichung',
  },
];

/** What a PNG carries after its end that is no second format: re-encoding drops it. */
export const PNG_TRAILER = 'ANGEHAENGTE-DATEN-4711';
