import { VERWALTUNG_TYPEN, verwaltungEndpoints as api } from '@dihs/contract/verwaltung';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { listGeneral, listOfType, removeEntry, saveEntry } from './verwaltung.service.ts';

export async function verwaltungRoutes(app: AppInstance, { db }: AppDeps) {
  route(app, api.befunde, () => listOfType(db, VERWALTUNG_TYPEN.befund));
  route(app, api.befundNamen, async () =>
    (await listOfType(db, VERWALTUNG_TYPEN.befund)).map((eintrag) => eintrag.value),
  );
  route(app, api.inhalte, () => listOfType(db, VERWALTUNG_TYPEN.einzelterminInhalt));
  route(app, api.sonstige, () => listGeneral(db));
  route(app, api.speichern, (request) => saveEntry(db, request.body));
  route(app, api.loeschen, async (request) => {
    await removeEntry(db, request.body.id);
    return { id: request.body.id };
  });
}
