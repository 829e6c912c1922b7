import { navigationEndpoints as api } from '@dihs/contract/navigation';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { route } from '../../plugins/endpoint-route.ts';
import {
  disposePages,
  emptyTrash,
  navigationFor,
  navigationForEditor,
  restorePage,
  saveNavigation,
  trashList,
} from './navigation.service.ts';

export async function navigationRoutes(app: AppInstance, { db }: AppDeps) {
  route(app, api.baum, (request) => navigationFor(db, request.session));
  route(app, api.bearbeiten, () => navigationForEditor(db));
  route(app, api.speichern, (request) => saveNavigation(db, request.body));
  route(app, api.papierkorb, () => trashList(db));
  route(app, api.entsorgen, async (request) => {
    await disposePages(db, request.body);
    return true as const;
  });
  route(app, api.wiederherstellen, async (request) => {
    await restorePage(db, request.params.id);
    return true as const;
  });
  route(app, api.papierkorbLeeren, () => emptyTrash(db));
}
