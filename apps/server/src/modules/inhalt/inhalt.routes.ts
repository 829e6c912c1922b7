import { inhaltEndpoints as api } from '@dihs/contract/inhalt';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { pageForViewer, pageMeta, savePage } from './inhalt.service.ts';

export async function inhaltRoutes(app: AppInstance, { db }: AppDeps) {
  route(app, api.seite, (request) => pageForViewer(db, request.params.url, request.session));
  route(app, api.meta, (request) => pageMeta(db, request.params.url));
  route(app, api.speichern, (request) => savePage(db, request.params.url, request.body));
}
