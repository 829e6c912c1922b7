import { firmaEndpoints as api } from '@dihs/contract/firma';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import {
  aendereFirma,
  alleFirmen,
  alleFirmenKurz,
  entferneFirma,
  firmaVon,
  meineFirma,
  neueFirma,
  setzeFirma,
} from './firma.service.ts';

export async function firmaRoutes(app: AppInstance, { db }: AppDeps) {
  route(app, api.alle, () => alleFirmen(db));
  route(app, api.alleKurz, () => alleFirmenKurz(db));
  route(app, api.meine, (request) => meineFirma(db, sessionOf(request)));
  route(app, api.einePatient, (request) => firmaVon(db, sessionOf(request), request.params.id, 'PATIENT'));
  route(app, api.eineTherapeut, (request) => firmaVon(db, sessionOf(request), request.params.id, 'THERAPEUT'));
  route(app, api.neu, (request) => neueFirma(db, request.body));
  route(app, api.update, (request) => {
    const { id, ...values } = request.body;
    return aendereFirma(db, id, values);
  });
  route(app, api.entfernen, async (request) => {
    await entferneFirma(db, request.body.id);
    return true as const;
  });
  // the patient in the body: admitted by the declaration's rule before the handler runs
  route(app, api.setzenPatient, (request) =>
    setzeFirma(db, sessionOf(request), {
      userId: request.body.patientId,
      role: 'PATIENT',
      firmaId: request.body.firmaId,
    }),
  );
  route(app, api.setzenTherapeut, (request) =>
    setzeFirma(db, sessionOf(request), {
      userId: request.body.therapeutId,
      role: 'THERAPEUT',
      firmaId: request.body.firmaId,
    }),
  );
}
