import { dashboardEndpoints as api } from '@dihs/contract/dashboard';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { dashboardTiles } from './dashboard.service.ts';

export async function dashboardRoutes(app: AppInstance, { db, modules, now: clock }: AppDeps) {
  const now = clock ?? (() => new Date());
  // the patient's own records: the declaration (self) names them to the need-to-know check and the audit log
  route(app, api.kacheln, (request) => dashboardTiles(db, modules, sessionOf(request).userId, now()));
}
