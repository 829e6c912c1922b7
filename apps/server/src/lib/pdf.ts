import type PDFDocumentClass from 'pdfkit';

/** Characters beyond Latin-1 that the standard PDF fonts (WinAnsi encoding) still have. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text for the built-in Helvetica, which knows only the WinAnsi characters (German umlauts and ß included):
 * anything else would print as garbage, so it becomes '?'. Tabs become spaces; line breaks stay.
 */
export function pdfSafeText(text: string): string {
  return [...text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ')]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (char === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return char;
      return WIN_ANSI_EXTRA.has(char) ? char : '?';
    })
    .join('');
}

/** pdfkit, loaded with the first document: the server needs it only for downloads (memory at start). */
let pdfkit: Promise<typeof PDFDocumentClass> | undefined;
const loadPdfkit = () => (pdfkit ??= import('pdfkit').then((module) => module.default));

/** Renders an A4 document with the given title and drawing function into a buffer. */
export async function renderPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: pdfSafeText(title), Creator: 'DiHS Teletherapie' },
      lang: 'de-DE',
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.font('Helvetica');
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
