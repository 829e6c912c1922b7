import { constants, inflateSync } from 'node:zlib';
import type { UploadBefund, UploadInhalt } from '@dihs/contract/common/upload-pruefung';

/**
 * Uploaded files carry no active content (issue 31 item 3; docs/decisions.md "Issue 31 item 3: files without active
 * content"): the declared type agrees with the content's, a PDF has no JavaScript, launch action, embedded file or
 * XFA form, and no file is two formats at once. A scan of the bytes, not a PDF reader: a reader forgives broken
 * files and hides what it skipped, the scan looks at every byte.
 */

/** What a client sends when it does not know the type: no claim to compare. */
const NO_CLAIM = new Set(['', 'application/octet-stream']);

/** The names browsers and older clients give each type. */
const DECLARED: Record<UploadInhalt, readonly string[]> = {
  'application/pdf': ['application/pdf', 'application/x-pdf'],
  'image/png': ['image/png', 'image/x-png'],
  'image/jpeg': ['image/jpeg', 'image/jpg', 'image/pjpeg'],
};

/** Whether the part's declared type agrees with the type its content showed. */
export function declaredTypeAgrees(declared: string | undefined, detected: UploadInhalt): boolean {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  return NO_CLAIM.has(type) || DECLARED[detected].includes(type);
}

type PdfFinding = Extract<UploadBefund, 'javascript' | 'launch' | 'eingebettet' | 'xfa'>;

/**
 * Names that make a PDF active, by finding. Long names are looked for in every byte (stream data included: a
 * lenient reader that rebuilds a broken file finds objects there); the short ones (`/JS`, `/EF`, `/XFA`) only outside
 * stream data and in decompressed object streams, where no chance match in compressed bytes occurs.
 */
const LONG_NAMES = new Map<string, PdfFinding>([
  ['JavaScript', 'javascript'],
  ['Launch', 'launch'],
  ['EmbeddedFiles', 'eingebettet'],
  ['EmbeddedFile', 'eingebettet'],
  ['FileAttachment', 'eingebettet'],
]);
const SHORT_NAMES = new Map<string, PdfFinding>([
  ['JS', 'javascript'],
  ['EF', 'eingebettet'],
  ['XFA', 'xfa'],
]);

/** PDF white space (PDF 32000-1 7.2.2), as the body of a character class. */
const WHITE = String.raw`\0\t\n\f\r `;

/** A PDF name token: a slash and the regular characters after it (PDF 32000-1 7.2.2); `#xx` escapes decoded. */
const NAME = new RegExp(String.raw`/([^${WHITE}()<>[\]{}/%]*)`, 'g');
const decodeName = (raw: string) =>
  raw.includes('#')
    ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;

function* names(text: string): Generator<string> {
  for (const match of text.matchAll(NAME)) yield decodeName(match[1]!);
}

function firstFinding(text: string, table: ReadonlyMap<string, PdfFinding>): PdfFinding | null {
  for (const name of names(text)) {
    const finding = table.get(name);
    if (finding) return finding;
  }
  return null;
}

/** Object streams decompressed at most to this many bytes in all (a small file that inflates to gigabytes). */
const INFLATE_BUDGET = 64 * 1024 * 1024;

const FLATE = new Set(['FlateDecode', 'Fl']);
const FILTERS = new Set([
  ...FLATE,
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'LZWDecode',
  'LZW',
  'RunLengthDecode',
  'RL',
  'CCITTFaxDecode',
  'CCF',
  'JBIG2Decode',
  'DCTDecode',
  'DCT',
  'JPXDecode',
  'Crypt',
]);

class Unchecked extends Error {}

interface PdfParts {
  /** The names outside strings, comments and stream data: dictionaries, arrays, trailers. */
  names: string[];
  /** The decompressed object streams (PDF 1.5+: dictionaries packed into a stream). */
  objectStreams: string[];
  /** How many streams declared `/Type /ObjStm`. */
  typedObjectStreams: number;
}

const WHITE_BYTES = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITER_BYTES = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const regular = (byte: number) => !WHITE_BYTES.has(byte) && !DELIMITER_BYTES.has(byte);
const INTEGER = /^\d+$/;

/** The direct value of the last `/Length` among an object's tokens; null for an indirect one (`n g R`) or none. */
function directLength(tokens: string[]): number | null {
  const at = tokens.lastIndexOf('/Length');
  const value = tokens[at + 1];
  if (at < 0 || value === undefined || !INTEGER.test(value)) return null;
  if (INTEGER.test(tokens[at + 2] ?? '') && tokens[at + 3] === 'R') return null;
  return Number(value);
}

/** Whether `endstream` follows at `at`, after white space. */
function endstreamAt(data: Buffer, at: number): boolean {
  let i = at;
  while (i < data.length && WHITE_BYTES.has(data[i]!)) i++;
  return data.toString('latin1', i, i + 9) === 'endstream';
}

/**
 * Splits a PDF into its structure and its object streams with a lexer as readers have one (PDF 32000-1 7.2):
 * literal strings with nested parentheses and escapes, hex strings, comments, names, words. A `stream` keyword after
 * a dictionary starts stream data, which runs for the dictionary's direct /Length if `endstream` follows there
 * (as readers take it), else to the next `endstream`. An object stream (/Type /ObjStm, or /N and /First as readers
 * use it without the type) must be plain or FlateDecode without predictor; anything else cannot be checked, nor can
 * a string or hex string that runs to the end of the file (it would hide what follows).
 */
function pdfParts(data: Buffer): PdfParts {
  const n = data.length;
  const names: string[] = [];
  const objectStreams: string[] = [];
  let typedObjectStreams = 0;
  // the names and tokens of the object being read (since its `obj`)
  let objectNames: string[] = [];
  let tokens: string[] = [];
  let previous = '';
  let budget = INFLATE_BUDGET;
  const token = (value: string) => {
    previous = value;
    tokens.push(value);
  };
  let i = 0;
  while (i < n) {
    const c = data[i]!;
    if (WHITE_BYTES.has(c)) {
      i++;
    } else if (c === 0x25) {
      while (i < n && data[i] !== 10 && data[i] !== 13) i++;
    } else if (c === 0x28) {
      let depth = 1;
      i++;
      while (i < n && depth > 0) {
        const d = data[i]!;
        if (d === 0x5c) i++;
        else if (d === 0x28) depth++;
        else if (d === 0x29) depth--;
        i++;
      }
      if (depth > 0) throw new Unchecked();
      token('()');
    } else if (c === 0x3c && data[i + 1] === 0x3c) {
      i += 2;
      token('<<');
    } else if (c === 0x3c) {
      const end = data.indexOf(0x3e, i + 1);
      if (end < 0) throw new Unchecked();
      i = end + 1;
      token('<>');
    } else if (c === 0x3e && data[i + 1] === 0x3e) {
      i += 2;
      token('>>');
    } else if (c === 0x2f) {
      let j = i + 1;
      while (j < n && regular(data[j]!)) j++;
      const name = decodeName(data.toString('latin1', i + 1, j));
      names.push(name);
      objectNames.push(name);
      i = j;
      token(`/${name}`);
    } else if (!regular(c)) {
      i++;
      token(String.fromCharCode(c));
    } else {
      let j = i;
      while (j < n && regular(data[j]!)) j++;
      const word = data.toString('latin1', i, j);
      i = j;
      if (word === 'obj' || word === 'endobj') {
        objectNames = [];
        tokens = [];
      } else if (word === 'stream' && previous === '>>') {
        let start = i;
        if (data[start] === 13 && data[start + 1] === 10) start += 2;
        else if (data[start] === 10 || data[start] === 13) start += 1;
        const length = directLength(tokens);
        let end: number;
        if (length !== null && start + length <= n && endstreamAt(data, start + length)) {
          end = start + length;
        } else {
          const found = data.indexOf('endstream', start, 'latin1');
          end = found < 0 ? n : found;
        }
        if (objectNames.some((name, k) => name === 'Type' && objectNames[k + 1] === 'ObjStm')) typedObjectStreams++;
        if (isObjectStream(objectNames)) {
          const inflated = objectStreamText(data.subarray(start, end), objectNames, budget);
          budget -= inflated.length;
          objectStreams.push(inflated);
        }
        i = end;
      }
      token(word);
    }
  }
  return { names, objectStreams, typedObjectStreams };
}

/** An object stream's content: plain, or inflated within the budget; any other encoding cannot be checked. */
function objectStreamText(raw: Buffer, dictionary: string[], budget: number): string {
  const filters = dictionary.filter((name) => FILTERS.has(name));
  const predictor = dictionary.includes('Predictor') || dictionary.includes('DecodeParms');
  if (filters.length === 0 && !dictionary.includes('Filter')) return raw.toString('latin1');
  if (filters.length === 1 && FLATE.has(filters[0]!) && !predictor) return inflate(raw, budget).toString('latin1');
  throw new Unchecked();
}

function isObjectStream(dictionary: string[]): boolean {
  const typed = dictionary.some((name, i) => name === 'Type' && dictionary[i + 1] === 'ObjStm');
  return typed || (dictionary.includes('N') && dictionary.includes('First'));
}

function inflate(raw: Buffer, budget: number): Buffer {
  try {
    // a truncated stream still yields what it holds, as readers show it
    return inflateSync(raw, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, budget) });
  } catch {
    throw new Unchecked();
  }
}

/** What makes a PDF active: JavaScript, a launch action, embedded files or an XFA form; null if none was found. */
export function pdfActiveContent(data: Buffer, text = data.toString('latin1')): PdfFinding | 'nichtPruefbar' | null {
  let declared = 0;
  for (const name of names(text)) {
    const finding = LONG_NAMES.get(name);
    if (finding) return finding;
    if (name === 'ObjStm') declared++;
  }
  let parts: PdfParts;
  try {
    parts = pdfParts(data);
  } catch (error) {
    if (error instanceof Unchecked) return 'nichtPruefbar';
    throw error;
  }
  // an object stream the lexer did not see as one (its dictionary inside a string or stream data) was not read
  if (declared > parts.typedObjectStreams) return 'nichtPruefbar';
  const all = new Map([...LONG_NAMES, ...SHORT_NAMES]);
  for (const name of parts.names) {
    const finding = all.get(name);
    if (finding) return finding;
  }
  for (const content of parts.objectStreams) {
    const finding = firstFinding(content, all);
    if (finding) return finding;
  }
  return null;
}

/**
 * Markers of a document a browser would run: HTML, script, an SVG with a handler or a namespace. Each needs what
 * follows it (a delimiter; for the short `<svg`, `xmlns` or an `on...=` within its tag's first 500 characters, a
 * bound that keeps the search linear), so that a chance match in compressed bytes stays near one in a hundred
 * thousand files of 4 MB.
 */
const HTML_MARKER =
  /<(?:(?:!doctype|html|head|body|script|iframe|object|embed)[\s>/]|svg[\s/][^>]{0,500}?(?:xmlns|on[a-z]+\s*=))/i;

/** A ZIP local file header (`PK\3\4`, a version below 6.4, stored or deflated) after the first byte. */
function zipLocalHeader(data: Buffer): boolean {
  for (let at = data.indexOf('PK\x03\x04', 1, 'latin1'); at >= 0; at = data.indexOf('PK\x03\x04', at + 1, 'latin1')) {
    if (at + 10 > data.length) return false;
    const version = data[at + 4]!;
    const method = data.readUInt16LE(at + 8);
    if (version <= 63 && data[at + 5] === 0 && (method === 0 || method === 8)) return true;
  }
  return false;
}

/** A ZIP end record (`PK\5\6`) where ZIP readers look for it: in the last 64 KiB and 22 bytes. */
const zipEndRecord = (data: Buffer) => data.indexOf('PK\x05\x06', Math.max(0, data.length - 65_557), 'latin1') >= 0;

/** What may follow the last `%%EOF`: white space only. */
const PDF_TAIL = new RegExp(`^[${WHITE}]*$`);

/** Bytes after a PDF's last `%%EOF` that are more than white space: a second file appended. */
function pdfTrailer(data: Buffer): boolean {
  const eof = data.lastIndexOf('%%EOF', undefined, 'latin1');
  return eof >= 0 && !PDF_TAIL.test(data.subarray(eof + 5).toString('latin1'));
}

/**
 * Checks an upload whose type was detected by content: the declared type, a PDF's active content, a second format
 * in the bytes. Images are decoded and encoded again afterwards (lib/image.ts), which drops what follows their end
 * and every chunk but the pixels; so bytes after a PNG's IEND or a JPEG's EOI (phones append motion-photo videos
 * there) are not refused, markers of HTML or ZIP are.
 */
export function uploadBefund(data: Buffer, detected: UploadInhalt, declared: string | undefined): UploadBefund | null {
  if (!declaredTypeAgrees(declared, detected)) return 'typAbweichung';
  const text = data.toString('latin1');
  if (detected === 'application/pdf') {
    const active = pdfActiveContent(data, text);
    if (active) return active;
  }
  if (HTML_MARKER.test(text)) return 'html';
  if (zipLocalHeader(data) || zipEndRecord(data)) return 'zip';
  if (detected === 'application/pdf' && pdfTrailer(data)) return 'anhang';
  return null;
}
