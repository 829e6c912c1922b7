import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

/** Room for the multipart framing and the text fields beside the file (note, description, flags). */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Refuses an upload whose declared length (Content-Length) is beyond the file limit before a byte of the body is
 * read; the answer goes out at once and the client stops sending. Bodies without a declared length are cut while
 * streaming by the multipart file limit (readFilePart).
 */
export function refuseOversizedUploads(scope: FastifyInstance, maxFileBytes: number, message: string): void {
  scope.addHook('onRequest', async (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxFileBytes + MULTIPART_OVERHEAD) {
      throw HttpError.badRequest(message);
    }
  });
}

/**
 * The bytes of one multipart file part, at most the scope's `limits.fileSize`. At the limit the part is refused at
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
