import { ROUTES } from '@dihs/contract/common/routes';
import type { DashboardTile } from '@dihs/contract/dashboard';
import { CREDIT_KIND_LABELS, CREDIT_KINDS } from '@dihs/contract/guthaben';
import type { Database } from '../../db/client.ts';
import type { DashboardPatient } from '../module-descriptor.ts';
import { balanceOf } from './ledger.service.ts';

/** Subscription allowances are the subscription tile's business (abo), so this tile counts paid and prescribed credit. */
const EIGENES_GUTHABEN = CREDIT_KINDS.filter((kind) => !kind.startsWith('abo'));

/** The cockpit's credit tile: every paid or prescribed balance above zero; it links to the credit shop. */
export async function guthabenDashboardTiles(db: Database, patient: DashboardPatient): Promise<DashboardTile[]> {
  const balance = await balanceOf(db, patient.userId);
  const guthaben = EIGENES_GUTHABEN.filter((kind) => balance[kind] > 0).map((kind) => ({
    label: CREDIT_KIND_LABELS[kind],
    anzahl: balance[kind],
  }));
  return [
    {
      kind: 'termineUndLeistungen',
      id: 'guthaben',
      icon: 'guthaben',
      link: ROUTES.guthabenShop.path,
      size: 1,
      leistung: { bereich: 'GUTHABEN', guthaben },
    },
  ];
}
