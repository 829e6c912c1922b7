import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PROFIL_LIMITS, PROFIL_TEXTS, profilEndpoints as api } from '@dihs/contract/profil';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sendJsonString } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { createProfilbildService } from './profilbild.service.ts';

/**
 * The uploaded file of a multipart request, from the field the endpoint names (`file`; description and encrypt are
 * accepted and unused). A file under another name is refused: a client that sends one has a different form in mind.
 */
async function uploadedFile(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw HttpError.badRequest(PROFIL_TEXTS.bildFehlt);
  const file = await request.file();
  if (!file) throw HttpError.badRequest(PROFIL_TEXTS.bildFehlt);
  if (file.fieldname !== field) {
    file.file.resume();
    throw HttpError.badRequest(PROFIL_TEXTS.bildFeld);
  }
  const data = await file.toBuffer();
  // The limit cuts the stream instead of failing, so the answer can be the German 400.
  if (file.file.truncated) throw HttpError.badRequest(PROFIL_TEXTS.bildZuGross);
  return data;
}

/** Profile photo upload (multipart, in its own scope) and the photo as base64. */
export async function profilbildRoutes(app: AppInstance, { db, files }: AppDeps) {
  const profilbild = createProfilbildService({ db, files });

  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: PROFIL_LIMITS.profilbildBytes, files: 1, fields: 5, fieldSize: 1000, parts: 10 },
      throwFileSizeLimit: false,
    });

    route(scope, api.profilbildHochladen, async (request) => {
      await profilbild.upload(
        sessionOf(request).userId,
        await uploadedFile(request, api.profilbildHochladen.fileField),
      );
      return true as const;
    });

    route(scope, api.profilbildHochladenFuer, async (request) => {
      await profilbild.upload(
        request.params.userId,
        await uploadedFile(request, api.profilbildHochladenFuer.fileField),
      );
      return true as const;
    });
  });

  route(app, api.profilbild, async (request, reply) => {
    const dataUrl = await profilbild.photo(sessionOf(request), request.params.userId);
    // Fastify would send a bare string as text/plain; the answer is a JSON string like every other.
    return sendJsonString(reply, dataUrl);
  });
}
