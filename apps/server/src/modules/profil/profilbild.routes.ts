import { profilEndpoints as api } from '@dihs/contract/profil';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sendJsonString } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { createProfilbildService } from './profilbild.service.ts';

/** Profile photo upload and the photo as base64. */
export async function profilbildRoutes(app: AppInstance, { db, files }: AppDeps) {
  const profilbild = createProfilbildService({ db, files });

  // route() reads the photo from its field, at most 5 MB; description and encrypt are accepted and unused
  route(app, api.profilbildHochladen, async (request) => {
    await profilbild.upload(sessionOf(request).userId, request.body.file.data);
    return true as const;
  });

  route(app, api.profilbildHochladenFuer, async (request) => {
    await profilbild.upload(request.params.userId, request.body.file.data);
    return true as const;
  });

  route(app, api.profilbild, async (request, reply) => {
    const dataUrl = await profilbild.photo(sessionOf(request), request.params.userId);
    // Fastify would send a bare string as text/plain; the answer is a JSON string like every other.
    return sendJsonString(reply, dataUrl);
  });
}
