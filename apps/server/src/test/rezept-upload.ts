import { rezeptEndpoints } from '@dihs/contract/rezept';
import type { LightMyRequestResponse } from 'fastify';
import type { AppInstance } from '../app-types.ts';
import { injectEndpoint } from './inject-endpoint.ts';

/** A patient's prescription upload (multipart: the note and a PDF with the given content), as the web sends it. */
export function uploadRezept(
  app: AppInstance,
  authorization: string,
  upload: { pdfBody: Buffer; filename: string; description: string },
): Promise<LightMyRequestResponse> {
  const boundary = '----rezept-upload';
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), upload.pdfBody, Buffer.from('\n%%EOF\n')]);
  return injectEndpoint(app, rezeptEndpoints.hochladen, {
    authorization,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${upload.description}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${upload.filename}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}
