import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  REZEPT_LIMITS,
  REZEPT_TEXTS,
  REZEPT_TYPEN,
  rezeptAnmerkungRule,
  rezeptEndpoints as api,
} from '@dihs/contract/rezept';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { readFilePart, refuseOversizedUploads } from '../../lib/upload-limit.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { rezeptKeyRing } from './rezept-keys.ts';
import { createRezeptService, type RezeptFile } from './rezept.service.ts';

interface Upload {
  data: Buffer;
  filename: string;
  anmerkung: string;
}

/**
 * Reads the multipart parts: the file (field `file`), the note (`description`), `encrypt` (ignored: prescriptions
 * are always encrypted). The size limit cuts the stream while it arrives, so a 60 MB body is never held in memory.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw HttpError.badRequest(REZEPT_TEXTS.dateiFehlt);
  let file: { data: Buffer; filename: string } | undefined;
  let description: unknown;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== api.hochladen.fileField || file) {
        part.file.resume();
        throw HttpError.badRequest(REZEPT_TEXTS.dateiFeld);
      }
      const data = await readFilePart(part, REZEPT_TEXTS.dateiZuGross);
      file = { data, filename: part.filename };
    } else if (part.fieldname === 'description') {
      description = part.value;
    }
  }
  if (!file) throw HttpError.badRequest(REZEPT_TEXTS.dateiFehlt);
  const anmerkung = rezeptAnmerkungRule.safeParse(description);
  if (!anmerkung.success) throw HttpError.badRequest(anmerkung.error.issues[0]?.message);
  return { ...file, anmerkung: anmerkung.data };
}

/** A health document as a download: no cache keeps it, no browser guesses its type. */
function sendFile(reply: FastifyReply, file: RezeptFile) {
  const ext = REZEPT_TYPEN[file.mediaType as keyof typeof REZEPT_TYPEN] ?? 'bin';
  return reply
    .type(file.mediaType)
    .header(
      'content-disposition',
      `attachment; filename="rezept.${ext}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

/** Prescriptions (spec 2 section 7): lists, downloads, status changes, credit, and the multipart upload. */
export async function rezeptRoutes(app: AppInstance, { db, config, objects, now }: AppDeps) {
  const rezepte = createRezeptService({
    db,
    ring: rezeptKeyRing(config),
    objects,
    now: now ?? (() => new Date()),
  });
  // Every route's rule names its patient (the caller, the path, or the prescription's own id, which
  // rezept.module.ts resolves): the need-to-know check admitted the caller before a handler runs, outside any
  // transaction.

  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: REZEPT_LIMITS.bytes, files: 1, fields: 4, fieldSize: 4096, parts: 6 },
      // readFilePart refuses the file at the limit itself
      throwFileSizeLimit: false,
      // the name as sent, so a name with a path in it is refused rather than silently cut to its last part
      preservePath: true,
    });
    refuseOversizedUploads(scope, REZEPT_LIMITS.bytes, REZEPT_TEXTS.dateiZuGross);
    // the caller's own prescription (self): admitted before the parts are read
    route(scope, api.hochladen, async (request) =>
      rezepte.upload(sessionOf(request).userId, await readUpload(request)),
    );
  });

  // the lists' answers are written by a serializer compiled from their schema (RouteExtras.schemaSerializer)
  const list = { schemaSerializer: true };
  route(app, api.eigene, (request) => rezepte.own(sessionOf(request).userId), list);
  route(app, api.fuerPatient, (request) => rezepte.ofPatient(request.params.patientId), list);
  route(app, api.alle, (request) => rezepte.all('ALL', request.query), list);
  route(app, api.alleGefiltert, (request) => rezepte.all(request.params.filter, request.query), list);
  route(app, api.datei, async (request, reply) => sendFile(reply, await rezepte.file(request.params.id)));
  route(app, api.eigeneDatei, async (request, reply) => sendFile(reply, await rezepte.file(request.params.id)));

  const status = async (
    request: FastifyRequest,
    id: number,
    target: 'INBEARBEITUNG' | 'ABGERECHNET' | 'ABGELEHNT' | 'GELOESCHT',
  ) => ({
    status: await rezepte.setStatus(sessionOf(request).userId, id, target),
  });
  route(app, api.bearbeitung, (request) => status(request, request.params.id, 'INBEARBEITUNG'));
  route(app, api.abgerechnet, (request) => status(request, request.params.id, 'ABGERECHNET'));
  route(app, api.abgelehnt, (request) => status(request, request.params.id, 'ABGELEHNT'));
  route(app, api.loeschen, (request) => status(request, request.params.id, 'GELOESCHT'));
  route(app, api.gutschrift, (request) =>
    rezepte.setGutschrift(sessionOf(request).userId, request.params.id, request.body),
  );
}
