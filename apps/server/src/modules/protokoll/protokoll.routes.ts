import { protokollEndpoints as api } from '@dihs/contract/protokoll';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { auditPage, ownAccesses } from './protokoll.service.ts';

/** The audit log screens: the operators' list and the patient's own accesses. */
export async function protokollRoutes(app: AppInstance, deps: AppDeps) {
  route(app, api.liste, (request) => auditPage(deps.db, request.query));
  route(app, api.eigene, (request) => ownAccesses(deps.db, sessionOf(request).userId, request.query));
}
