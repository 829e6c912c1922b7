import { ROUTES } from '@dihs/contract/common/routes';
import { DASHBOARD_KINDS, type DashboardTile } from '@dihs/contract/dashboard';
import type { ModuleDescriptor } from '../../app-types.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { findPersonInfo, fullName } from '../profil/index.ts';

const ORDER = new Map(DASHBOARD_KINDS.map((kind, index) => [kind, index]));

/**
 * GET /dashboard: the patient's cockpit. Greeting and time box are this module's own; every other tile comes from
 * the module that owns its records (the descriptors' dashboardTiles), so no module reads another's tables. The
 * tiles are put in DASHBOARD_KINDS order; the sort is stable, so a module's order within a kind stays.
 */
export async function dashboardTiles(
  db: Database,
  modules: readonly ModuleDescriptor[],
  patientUserId: number,
  now: Date,
): Promise<DashboardTile[]> {
  const person = await findPersonInfo(db, patientUserId);
  if (!person) throw HttpError.notFound('Unbekanntes Konto.');
  const patient = { userId: person.id, firmaId: person.firmaId };
  const own: DashboardTile[] = [
    { kind: 'greeting', id: 'begruessung', icon: 'gruss', link: ROUTES.profil.path, size: 2, name: fullName(person) },
    { kind: 'timeBox', id: 'heute', icon: 'uhr', link: ROUTES.patientTermine.path, size: 1 },
  ];
  const fromModules = await Promise.all(
    modules.map((module) => module.dashboardTiles?.(db, patient, now) ?? Promise.resolve([])),
  );
  return [...own, ...fromModules.flat()].sort((a, b) => (ORDER.get(a.kind) ?? 0) - (ORDER.get(b.kind) ?? 0));
}
