import PDFDocument from 'pdfkit';
import { getDocumentProxy } from 'unpdf';
import { PDF_TEXT } from '../lib/pdf-layout.ts';

/**
 * Reads a rendered PDF back (pdf.js through unpdf) and names what a reader would see as unfinished: text beyond the
 * page's margins, text drawn over other text, a word broken inside, a heading as the last line of a page, doubled punctuation
 * ("Schmerzen?: Ja"). Bold is told by the glyph widths: pdf.js reports each run's width, and a run of Helvetica-Bold
 * is wider than the same text in Helvetica (pdfkit's own metrics measure the regular width).
 */

/** Helvetica's ascender and descender per unit of font size (the AFM's 718 and -207). */
const ASCENT = 0.718;
const DESCENT = 0.207;
/** pdfkit's line height for Helvetica per unit of font size: the AFM's bounding box, 931 - -225. */
const LINE_HEIGHT = 1.156;
const FOOTER = /Seite \d+ von \d+$/;
/** The footer stands in the bottom margin, but at least this far from the paper's edge (printers' unprintable rim). */
const PAPER_RIM = 14;
const TOLERANCE = 0.5;

export interface PdfRun {
  text: string;
  left: number;
  right: number;
  /** From the top of the page, as pdfkit places text. */
  top: number;
  bottom: number;
  size: number;
  bold: boolean;
}

export interface PdfLine {
  text: string;
  runs: PdfRun[];
  /** A title, a section or a bold line: it belongs with what follows it. */
  heading: boolean;
}

export interface PdfPage {
  width: number;
  height: number;
  lines: PdfLine[];
}

const metrics = new PDFDocument({ autoFirstPage: false });
const regularWidth = (text: string, size: number) => metrics.font('Helvetica').fontSize(size).widthOfString(text);

interface TextItem {
  str: string;
  transform: number[];
  width: number;
}

/** The pages of a PDF as lines of runs, top to bottom. */
export async function readPdf(data: Buffer): Promise<PdfPage[]> {
  const pdf = await getDocumentProxy(new Uint8Array(data));
  const pages: PdfPage[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const [, , width = 0, height = 0] = page.view;
    const runs = ((await page.getTextContent()).items as TextItem[])
      .filter((item) => item.str.trim() !== '')
      .map((item): PdfRun => {
        const size = item.transform[0] ?? 0;
        const baseline = height - (item.transform[5] ?? 0);
        const left = item.transform[4] ?? 0;
        // a wrapped line may end in a space that takes no room on the line
        const trailing = item.str.length - item.str.trimEnd().length;
        const right = left + item.width - (trailing ? regularWidth(' '.repeat(trailing), size) : 0);
        const bold = Math.abs(regularWidth(item.str, size) - item.width) > 0.01 * item.width + 0.1;
        return {
          text: item.str,
          left,
          right,
          top: baseline - ASCENT * size,
          bottom: baseline + DESCENT * size,
          size,
          bold,
        };
      });
    const lines = new Map<number, PdfRun[]>();
    for (const run of runs) {
      const key = Math.round(run.bottom * 2) / 2;
      lines.set(key, [...(lines.get(key) ?? []), run]);
    }
    pages.push({
      width,
      height,
      lines: [...lines.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, line]) => {
          const sorted = line.sort((a, b) => a.left - b.left);
          return {
            text: sorted.map((run) => run.text.trim()).join(' '),
            runs: sorted,
            heading: sorted.every((run) => run.bold || run.size > PDF_TEXT.body + 0.1),
          };
        }),
    });
  }
  return pages;
}

const overlaps = (a: PdfRun, b: PdfRun) =>
  a.left < b.right - TOLERANCE &&
  b.left < a.right - TOLERANCE &&
  a.top < b.bottom - TOLERANCE &&
  b.top < a.bottom - TOLERANCE;

/** What is wrong with the layout, one German sentence per finding; empty when the document looks finished. */
export function layoutProblems(pages: readonly PdfPage[], margin: number): string[] {
  const problems: string[] = [];
  pages.forEach((page, index) => {
    const seite = `Seite ${index + 1}`;
    const body = page.lines.filter((line) => !FOOTER.test(line.text));
    for (const line of page.lines) {
      const rim = FOOTER.test(line.text) ? PAPER_RIM : margin;
      for (const run of line.runs) {
        if (
          run.left < rim - TOLERANCE ||
          run.right > page.width - rim + TOLERANCE ||
          run.top < rim - TOLERANCE ||
          run.bottom > page.height - rim + TOLERANCE
        ) {
          problems.push(`${seite}: Text außerhalb des Satzspiegels: „${run.text}“`);
        }
      }
      if (/[?!.:]\s*:/.test(line.text)) problems.push(`${seite}: doppelte Satzzeichen: „${line.text}“`);
    }
    const runs = body.flatMap((line) => line.runs);
    runs.forEach((run, i) => {
      const covered = runs.slice(i + 1).find((other) => overlaps(run, other));
      if (covered) problems.push(`${seite}: Text überdeckt Text: „${run.text}“ und „${covered.text}“`);
    });
    // pdfkit breaks a word inside only when the word alone is wider than its column: the piece stands alone on its
    // line, fills the column (as wide as the column's widest line, give or take a letter), ends in a letter, and the
    // next line of the same text (not the next row, which starts further down) goes on in lower case
    const runsAt = (left: number) => runs.filter((other) => Math.abs(other.left - left) < TOLERANCE);
    const widthOf = (run: PdfRun) => run.right - run.left;
    body.forEach((line, i) => {
      for (const run of line.runs) {
        const below = body[i + 1]?.runs.find(
          (next) =>
            Math.abs(next.left - run.left) < TOLERANCE && next.bottom - run.bottom < LINE_HEIGHT * run.size + TOLERANCE,
        );
        const fillsColumn = widthOf(run) > Math.max(...runsAt(run.left).map(widthOf)) - run.size;
        if (below && fillsColumn && /^\S*\p{L}$/u.test(run.text.trim()) && /^\p{Ll}/u.test(below.text)) {
          problems.push(`${seite}: Wort getrennt: „${run.text.trim()}“ / „${below.text.split(' ')[0]}“`);
        }
      }
    });
    const last = body.at(-1);
    if (index < pages.length - 1 && last?.heading) {
      problems.push(`${seite}: Überschrift allein am Seitenende: „${last.text}“`);
    }
  });
  return problems;
}
