import { pdfSafeText } from './pdf.ts';

/**
 * The building blocks every server PDF is laid out with (issue 32 item 10): one type scale, headings that never
 * stand alone at a page's bottom, label/value rows in aligned columns kept together on a page, tables whose header
 * repeats on every page. pdfkit's own `doc.table()` clamps a row taller than a page (it would cut a long answer
 * off), so rows are measured and drawn here, and only a row's last column may run on across pages.
 */
type Doc = PDFKit.PDFDocument;

export const PDF_TEXT = { body: 10.5, small: 9, h1: 18, h2: 13 } as const;
const COLUMN_GAP = 12;
const ROW_GAP = 3;
/** Rows of several lines each need more air between them than label/value rows. */
const TABLE_ROW_GAP = 6;
const RULE_COLOR = '#8a96a0';

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const contentBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;
const atPageTop = (doc: Doc) => doc.y <= doc.page.margins.top + 0.5;

function setFont(doc: Doc, bold: boolean | undefined, size: number = PDF_TEXT.body): Doc {
  return doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
}

/** The height of `lines` lines of body text: what a heading keeps with it at least. */
export function bodyLines(doc: Doc, lines: number): number {
  setFont(doc, false);
  return lines * doc.currentLineHeight(true);
}

/** Starts a new page unless `height` points still fit below the cursor (a block taller than a page just starts). */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > contentBottom(doc) && !atPageTop(doc)) doc.addPage();
  doc.x = doc.page.margins.left;
}

/** A heading of level 1 (the title), 2 (a section) or 3 (a question, an entry), kept with `keepWith` points of what follows. */
export function heading(doc: Doc, text: string, level: 1 | 2 | 3, keepWith: number): void {
  const size = level === 1 ? PDF_TEXT.h1 : level === 2 ? PDF_TEXT.h2 : PDF_TEXT.body;
  const before = level === 1 || atPageTop(doc) ? 0 : level === 2 ? 0.8 : 0.4;
  setFont(doc, true, size);
  const safe = pdfSafeText(text);
  const height = doc.heightOfString(safe, { width: contentWidth(doc) }) + doc.currentLineHeight(true) * before;
  ensureSpace(doc, height + keepWith);
  if (!atPageTop(doc)) doc.moveDown(before);
  doc.text(safe, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(level === 1 ? 0.3 : 0.15);
  setFont(doc, false);
}

/** A paragraph of body text over the content width; long text runs on to the next page. */
export function paragraph(doc: Doc, text: string, options: { bold?: boolean; gapAfter?: number } = {}): void {
  setFont(doc, options.bold);
  doc.text(pdfSafeText(text), doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  if (options.gapAfter) doc.moveDown(options.gapAfter);
}

/** The height a paragraph needs, for a heading to keep with it. */
export function paragraphHeight(doc: Doc, text: string): number {
  setFont(doc, false);
  return doc.heightOfString(pdfSafeText(text) || ' ', { width: contentWidth(doc) });
}

export interface TableColumn {
  /** Share of the content width; the shares of a table add up to 1. */
  share: number;
  bold?: boolean;
  align?: 'left' | 'right';
}

type Row = readonly string[];

interface Grid {
  columns: readonly TableColumn[];
  widths: number[];
}

function grid(doc: Doc, columns: readonly TableColumn[]): Grid {
  const free = contentWidth(doc) - COLUMN_GAP * (columns.length - 1);
  return { columns, widths: columns.map((column) => free * column.share) };
}

function rowHeight(doc: Doc, { columns, widths }: Grid, row: Row, bold?: boolean): number {
  return Math.max(
    ...row.map((text, index) => {
      setFont(doc, bold || columns[index]?.bold);
      return doc.heightOfString(pdfSafeText(text) || ' ', { width: widths[index] });
    }),
  );
}

function drawRow(doc: Doc, { columns, widths }: Grid, row: Row, bold?: boolean): void {
  const top = doc.y;
  const page = doc.page;
  let x = doc.page.margins.left;
  let end = top;
  row.forEach((text, index) => {
    setFont(doc, bold || columns[index]?.bold);
    doc.text(pdfSafeText(text), x, top, { width: widths[index], align: columns[index]?.align ?? 'left' });
    // a row taller than a page: its last column ran on, and the next row starts below where it ended
    end = doc.page === page ? Math.max(end, doc.y) : doc.y;
    x += (widths[index] ?? 0) + COLUMN_GAP;
  });
  doc.x = doc.page.margins.left;
  doc.y = end + ROW_GAP;
}

/** A thin line under a table's header, with the header's gap above it and the same below. */
function rule(doc: Doc): void {
  const y = doc.y;
  const left = doc.page.margins.left;
  doc
    .moveTo(left, y)
    .lineTo(left + contentWidth(doc), y)
    .lineWidth(0.5)
    .strokeColor(RULE_COLOR)
    .stroke()
    .strokeColor('black');
  doc.y += ROW_GAP;
}

/**
 * Rows in aligned columns, each row kept on one page; with a header, the header opens the table and every page
 * it continues on, and never stands without a row below it.
 */
export function table(doc: Doc, columns: readonly TableColumn[], rows: readonly Row[], header?: Row): void {
  const g = grid(doc, columns);
  const headerHeight = header ? rowHeight(doc, g, header, true) + 2 * ROW_GAP : 0;
  rows.forEach((row, index) => {
    const height = rowHeight(doc, g, row) + TABLE_ROW_GAP;
    const pageBefore = doc.page;
    ensureSpace(doc, (index === 0 ? headerHeight : 0) + height);
    if (header && (index === 0 || doc.page !== pageBefore)) {
      drawRow(doc, g, header, true);
      rule(doc);
    }
    drawRow(doc, g, row);
    doc.y += TABLE_ROW_GAP - ROW_GAP;
  });
  setFont(doc, false);
}

/** A label/value row; `bold` sets the whole row in bold (a total). */
export type Field = readonly [label: string, value: string] | readonly [label: string, value: string, bold: 'fett'];

/** A label as the left column shows it: with a colon, unless it already ends in punctuation ("Haben Sie Schmerzen?"). */
export const fieldLabel = (label: string): string => (/[?!:.]$/.test(label.trim()) ? label.trim() : `${label.trim()}:`);

const FIELD_COLUMNS: readonly TableColumn[] = [{ share: 0.4, bold: true }, { share: 0.6 }];
const AMOUNT_COLUMNS: readonly TableColumn[] = [{ share: 0.75 }, { share: 0.25, align: 'right' }];

/** A row as its columns show it: amounts as on an invoice, without colons ("zzgl. 19 % MwSt." ends in a dot). */
const fieldRow = (label: string, value: string, amounts?: boolean) => [
  amounts ? label : fieldLabel(label),
  value || '–',
];

/** Label/value rows in two aligned columns; `amounts` sets the values right-aligned, as sums are. */
export function fields(doc: Doc, rows: readonly Field[], options: { amounts?: boolean } = {}): void {
  const columns = options.amounts ? AMOUNT_COLUMNS : FIELD_COLUMNS;
  const g = grid(doc, columns);
  for (const [label, value, bold] of rows) {
    const row = fieldRow(label, value, options.amounts);
    ensureSpace(doc, rowHeight(doc, g, row, bold === 'fett') + ROW_GAP);
    drawRow(doc, g, row, bold === 'fett');
  }
  setFont(doc, false);
}

/** A section (or, level 3, a sub-section): its heading kept with its first row, then its rows. */
export function fieldSection(
  doc: Doc,
  title: string,
  rows: readonly Field[],
  options: { amounts?: boolean; level?: 2 | 3 } = {},
): void {
  const first = rows[0];
  const columns = options.amounts ? AMOUNT_COLUMNS : FIELD_COLUMNS;
  const keep = first ? rowHeight(doc, grid(doc, columns), fieldRow(first[0], first[1], options.amounts)) + ROW_GAP : 0;
  heading(doc, title, options.level ?? 2, keep);
  fields(doc, rows, options);
}
