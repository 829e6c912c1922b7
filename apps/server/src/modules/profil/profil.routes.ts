import { profilEndpoints as api } from '@dihs/contract/profil';
import { usersEndpoints } from '@dihs/contract/users';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { dokumentationRoutes } from './dokumentation.routes.ts';
import { profilbildRoutes } from './profilbild.routes.ts';
import { createProfilService } from './profil.service.ts';

/** Profiles (spec 1 section 7 "Profiles"), therapist lists and patient lookups (spec 2 section 7), documentation, photos. */
export async function profilRoutes(app: AppInstance, deps: AppDeps) {
  const profil = createProfilService({ db: deps.db });
  route(app, api.my, (request) => profil.myProfile(sessionOf(request).userId));
  route(app, api.aendern, (request) => profil.changeOwn(sessionOf(request), request.body));
  route(app, api.therapeutView, (request) => profil.therapistProfile(request.params.userId));
  route(app, api.patientView, (request) => profil.patientProfile(sessionOf(request), request.params.userId));
  route(app, api.betreiberView, (request) => profil.operatorProfile(sessionOf(request).userId, request.params.userId));
  route(app, api.betreiberAendern, (request) =>
    profil.changeByOperator(sessionOf(request).userId, request.params.userId, request.body),
  );
  route(app, api.bemerkung, (request) =>
    profil.setRemarks(sessionOf(request).userId, request.params.patientId, request.body),
  );
  route(app, api.nameOnly, (request) => profil.nameOnly(sessionOf(request)));
  route(app, api.nameOnlyPatient, (request) => profil.nameOnly(sessionOf(request), request.params.patientId));
  route(app, api.therapeutenVerzeichnis, () => profil.listedTherapists());
  route(app, api.therapeutenBetreiber, () => profil.allTherapists());
  route(app, api.eigenerTherapeut, (request) => profil.ownTherapistEntry(sessionOf(request).userId));
  route(app, api.patientNachPatientId, (request) => profil.patientLookup(sessionOf(request), request.params.id));
  route(app, api.patientNachUserId, (request) => profil.patientLookup(sessionOf(request), request.params.id));
  route(app, api.eigenerPatient, (request) => profil.patientLookup(sessionOf(request), sessionOf(request).userId));
  // the operators' user list (declared with users' endpoints) shows names and companies, so it is answered here, by
  // the users-with-profiles join; a list of patients names every patient in it (audit log), other roles' none
  route(app, usersEndpoints.liste, async (request) => {
    const entries = await profil.userList(request.body);
    request.patientList.shown(request.body === 'PATIENT' ? entries.map((entry) => entry.id) : []);
    return entries;
  });

  await dokumentationRoutes(app, deps);
  await profilbildRoutes(app, deps);
}
