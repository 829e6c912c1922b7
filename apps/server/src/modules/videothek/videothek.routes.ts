import { videothekEndpoints as api } from '@dihs/contract/videothek';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { alleFirmen, findVideo } from './videothek.repository.ts';
import { videoAnlegen, videoListe, videoLoeschen, videoSpeichern } from './videothek.service.ts';

export async function videothekRoutes(app: AppInstance, deps: AppDeps) {
  const { db, files } = deps;
  route(app, api.betreiberListe, (request) => videoListe(db, sessionOf(request)));
  route(app, api.therapeutListe, (request) => videoListe(db, sessionOf(request)));
  route(app, api.patientListe, (request) => videoListe(db, sessionOf(request)));
  route(app, api.anlegen, (request) => videoAnlegen(deps, request.log, request.body));
  route(app, api.speichern, (request) => {
    const { id, ...fields } = request.body;
    return videoSpeichern(deps, request.log, id, fields);
  });
  route(app, api.loeschen, (request) => videoLoeschen(deps, request.body.id));
  route(app, api.firmen, () => alleFirmen(db));
  route(app, api.vorschau, async (request, reply) => {
    const row = await findVideo(db, request.params.id);
    const image = row?.vorschauBild ? await files.get(row.vorschauBild) : null;
    if (!image) throw HttpError.notFound();
    return reply.type('image/jpeg').send(image);
  });
}
