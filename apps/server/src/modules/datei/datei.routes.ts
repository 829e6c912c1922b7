import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATEI_LIMITS, DATEI_TEXTS, dateiBeschreibungRule, dateiEndpoints as api } from '@dihs/contract/datei';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { readFilePart, refuseOversizedUploads } from '../../lib/upload-limit.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { createDateiService } from './datei.service.ts';

/** The parts of one upload: `file`, `description`; `encrypt` is ignored (public files are not health data). */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw HttpError.badRequest(DATEI_TEXTS.dateiFehlt);
  let file: { data: Buffer; filename: string } | undefined;
  let description: unknown = '';
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== api.hochladen.fileField || file) {
        part.file.resume();
        throw HttpError.badRequest(DATEI_TEXTS.dateiFeld);
      }
      const data = await readFilePart(part, DATEI_TEXTS.dateiZuGross);
      file = { data, filename: part.filename };
    } else if (part.fieldname === 'description') {
      description = part.value;
    }
  }
  if (!file) throw HttpError.badRequest(DATEI_TEXTS.dateiFehlt);
  const beschreibung = dateiBeschreibungRule.safeParse(description);
  if (!beschreibung.success) throw HttpError.badRequest(beschreibung.error.issues[0]?.message);
  return { ...file, beschreibung: beschreibung.data };
}

/** GET /files/ (the list), the upload, and the public files themselves. */
export async function dateiRoutes(app: AppInstance, { db, objects }: AppDeps) {
  const dateien = createDateiService(db, objects);

  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: DATEI_LIMITS.bytes, files: 1, fields: 4, fieldSize: 2048, parts: 6 },
      // readFilePart refuses the file at the limit itself
      throwFileSizeLimit: false,
      preservePath: true,
    });
    refuseOversizedUploads(scope, DATEI_LIMITS.bytes, DATEI_TEXTS.dateiZuGross);
    route(scope, api.hochladen, async (request) => dateien.upload(await readUpload(request)));
  });

  route(app, api.liste, () => dateien.list());
  route(app, api.oeffentlich, async (request, reply) => {
    const file = await dateien.served(request.params.datei);
    // shown in the page (images, PDFs) but never run as a document of this origin: sandboxed, no type guessing
    return reply
      .type(file.mediaType)
      .header('content-disposition', `inline; filename="${file.pfadname}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
      .header('cache-control', 'public, max-age=3600')
      .send(file.data);
  });
}
