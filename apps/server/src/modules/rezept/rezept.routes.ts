import type { FastifyReply, FastifyRequest } from 'fastify';
import { REZEPT_TYPEN, rezeptEndpoints as api, type RezeptSeite } from '@dihs/contract/rezept';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { rezeptKeyRing } from './rezept-keys.ts';
import { createRezeptService, type RezeptFile } from './rezept.service.ts';

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

/** Prescriptions (spec 2 section 7): lists, downloads, status changes, credit, and the upload. */
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

  // the caller's own prescription (self): admitted before the parts are read; route() reads them as the declaration
  // says (the file cut at 4 MB while it arrives, the note checked), `encrypt` is ignored: always encrypted
  route(app, api.hochladen, (request) => {
    const { file, description } = request.body;
    return rezepte.upload(sessionOf(request).userId, {
      data: file.data,
      filename: file.filename,
      anmerkung: description,
      declaredType: file.mimetype,
    });
  });

  // the lists' answers are written by a serializer compiled from their schema (RouteExtras.schemaSerializer)
  const list = { schemaSerializer: true };
  route(app, api.eigene, (request) => rezepte.own(sessionOf(request).userId), list);
  route(app, api.fuerPatient, (request) => rezepte.ofPatient(request.params.patientId), list);
  // the operator's lists name every patient on the page: one audit entry per patient (patientList)
  const shown = (request: FastifyRequest, seite: RezeptSeite) => {
    request.patientList.shown(seite.rezepte.map((rezept) => rezept.patientId));
    return seite;
  };
  route(app, api.alle, async (request) => shown(request, await rezepte.all('ALL', request.query)), list);
  route(
    app,
    api.alleGefiltert,
    async (request) => shown(request, await rezepte.all(request.params.filter, request.query)),
    list,
  );
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
