import { dashboardEndpoints as api } from '@dihs/contract/dashboard';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { dashboardTiles } from './dashboard.service.ts';

export async function dashboardRoutes(app: AppInstance, { db, modules, now: clock }: AppDeps) {
  const now = clock ?? (() => new Date());
  route(app, api.kacheln, async (request) => {
    const { userId } = sessionOf(request);
    // the patient's own records: named to the need-to-know check and the audit log like every record read
    await request.patientRecord.admit(userId);
    return dashboardTiles(db, modules, userId, now());
  });
}
