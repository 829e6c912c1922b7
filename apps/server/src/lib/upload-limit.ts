import type { FastifyMultipartOptions, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { MultipartRule, UploadedFile } from '@dihs/contract/common/endpoint';
import { HttpError } from './http-error.ts';
import { wellFormedText } from './well-formed-text.ts';

/** Room for the multipart framing and the text fields beside the file (note, description, flags). */
const MULTIPART_OVERHEAD = 64 * 1024;
/** Bytes of one text field; the declared text fields allow fewer characters, so a longer value is refused by them. */
const FIELD_BYTES = 4096;
/** Text fields beyond the declared ones that a form may carry (ignored); more are refused by the parser (413). */
const SPARE_FIELDS = 2;

/**
 * The parser's limits for an upload: one file of at most the declared size, the declared text fields and a few
 * more. Beyond the count of files, fields or parts the parser answers 413; the file's size is cut by readFilePart.
 */
export function multipartOptions(rule: MultipartRule): FastifyMultipartOptions {
  const fields = Object.keys(rule.fields.shape).length + SPARE_FIELDS;
  return {
    limits: { fileSize: rule.file.maxBytes, files: 1, fields, fieldSize: FIELD_BYTES, parts: fields + 2 },
    // readFilePart refuses the file at the limit itself
    throwFileSizeLimit: false,
    // the name as sent, so a name with a path in it is refused rather than silently cut to its last part
    preservePath: true,
  };
}

/**
 * Refuses an upload whose declared length (Content-Length) is beyond the file limit before a byte of the body is
 * read; the answer goes out at once and the client stops sending. Bodies without a declared length are cut while
 * streaming by the multipart file limit (readFilePart).
 */
export function refuseOversizedUpload(rule: MultipartRule): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > rule.file.maxBytes + MULTIPART_OVERHEAD) {
      throw HttpError.badRequest(rule.file.tooLarge);
    }
  };
}

/**
 * The bytes of one multipart file part, at most the parser's `limits.fileSize`. At the limit the part is refused at
 * once with `message`: busboy passes no more of the file on, and without this the request would only end (and be
 * answered) after the client has sent all of it.
 */
export function readFilePart(part: Pick<MultipartFile, 'file'>, message: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const refuse = () => {
      chunks.length = 0;
      reject(HttpError.badRequest(message));
    };
    part.file.on('data', (chunk: Buffer) => chunks.push(chunk));
    part.file.once('limit', refuse);
    part.file.once('end', () => (part.file.truncated ? refuse() : resolve(Buffer.concat(chunks))));
    part.file.once('error', reject);
  });
}

/**
 * Reads an upload as its declaration says: the one file under its field name (cut at its size), the text fields
 * checked by their schema (the first refusal's German message, 400; undeclared fields dropped as the schema does).
 * The parts may come in any order; the file is held in memory, at most its limit.
 */
export async function readUpload(
  request: FastifyRequest,
  rule: MultipartRule,
): Promise<Record<string, unknown> & { file: UploadedFile<Buffer> }> {
  if (!request.isMultipart()) throw HttpError.badRequest(rule.file.missing);
  let file: UploadedFile<Buffer> | undefined;
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      // a repeated field: the last one counts
      fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== rule.file.field || file) {
      part.file.resume();
      throw HttpError.badRequest(rule.file.wrongField);
    }
    const data = await readFilePart(part, rule.file.tooLarge);
    file = { data, filename: wellFormedText(part.filename), mimetype: part.mimetype };
  }
  if (!file) throw HttpError.badRequest(rule.file.missing);
  // the text fields as every other text: well-formed, in NFC (plugins/endpoint-route.ts)
  const parsed = rule.fields.safeParse(wellFormedText(fields));
  if (!parsed.success) throw HttpError.badRequest(parsed.error.issues[0]?.message);
  return { ...(parsed.data as Record<string, unknown>), file };
}
