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

const FOOTER_SIZE = 8;

/** The title and "Seite 2 von 3" below every page's content, so a printed page is never anonymous. */
function footers(doc: PDFKit.PDFDocument, title: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const { margins, width, height } = doc.page;
    const bottom = margins.bottom;
    // inside the bottom margin: without lifting it, pdfkit would start a new page for this line
    margins.bottom = 0;
    const top = height - bottom / 2 - FOOTER_SIZE / 2;
    const inner = width - margins.left - margins.right;
    doc.font('Helvetica').fontSize(FOOTER_SIZE).fillColor('#5b6b78');
    // a long title (a questionnaire's and a patient's name) ends in "..." instead of running into the page number
    doc.text(pdfSafeText(title), margins.left, top, { width: inner * 0.75, height: FOOTER_SIZE * 1.2, ellipsis: true });
    doc.text(`Seite ${index - start + 1} von ${count}`, margins.left, top, { width: inner, align: 'right' });
    margins.bottom = bottom;
  }
}

/** Renders an A4 document with the given title and drawing function into a buffer; every page has a footer. */
export async function renderPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: pdfSafeText(title), Creator: 'DiHS Teletherapie' },
      lang: 'de-DE',
      bufferPages: true,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.font('Helvetica');
      draw(doc);
      footers(doc, title);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
