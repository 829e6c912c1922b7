import { usersEndpoints as api } from '@dihs/contract/users';
import type { AppInstance, AppDeps } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import {
  changeEmailByOperator,
  changePasswordByOperator,
  createUserByOperator,
  type CreatePerson,
  lockedUsers,
  setPrivileges,
  unlockUsers,
} from './users.service.ts';

export async function usersRoutes(app: AppInstance, deps: AppDeps, createPerson: CreatePerson) {
  const { db } = deps;
  // the locked list shows patients' addresses: the patients in it are named to the audit log
  route(app, api.gesperrte, async (request) => {
    const { emails, patientUserIds } = await lockedUsers(db);
    request.patientList.shown(patientUserIds);
    return emails;
  });
  route(app, api.entsperren, async (request) => {
    const { emails, patientUserIds } = await unlockUsers(db, request.body);
    request.patientList.shown(patientUserIds);
    return emails;
  });
  // the user list (api.liste) shows names and companies: profil's routes answer it (the users-with-profiles join)
  route(app, api.anlegen, (request) => createUserByOperator(deps, createPerson, request.params.role, request.body));
  route(app, api.berechtigungen, (request) =>
    setPrivileges(deps, sessionOf(request).userId, request.params.id, request.body),
  );
  route(app, api.email, async (request) => {
    await changeEmailByOperator(deps, sessionOf(request).userId, request.params.id, request.body);
    return true as const;
  });
  route(app, api.passwort, async (request) => {
    await changePasswordByOperator(deps, sessionOf(request).userId, request.params.id, request.body);
    return true as const;
  });
}
