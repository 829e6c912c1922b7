import { ROUTES } from '@dihs/contract/common/routes';
import type { DashboardTile } from '@dihs/contract/dashboard';
import { CREDIT_KIND_LABELS, CREDIT_KINDS } from '@dihs/contract/guthaben';
import type { Database } from '../../db/client.ts';
import { balanceOf } from '../guthaben/index.ts';
import type { DashboardPatient } from '../module-descriptor.ts';
import { laufendesAbo } from './abo.service.ts';

/** The allowances a subscription grants per booking interval, held in the credit ledger. */
const ABO_KINDS = CREDIT_KINDS.filter((kind) => kind.startsWith('abo'));

/**
 * The cockpit's subscription tile: package, status and what is left of this interval's allowances until the next
 * one. With a subscription it links to the own profile (where it is managed), without one to the shop.
 */
export async function aboDashboardTiles(db: Database, patient: DashboardPatient): Promise<DashboardTile[]> {
  const abo = await laufendesAbo(db, patient.userId, false);
  const tile = { kind: 'termineUndLeistungen', id: 'abo', icon: 'abo', size: 1 } as const;
  if (!abo) return [{ ...tile, link: ROUTES.aboShop.path, leistung: { bereich: 'ABO', abo: null } }];
  const balance = await balanceOf(db, patient.userId);
  return [
    {
      ...tile,
      link: ROUTES.profil.path,
      leistung: {
        bereich: 'ABO',
        abo: {
          paket: abo.aboPaket.title,
          status: abo.detailedStatus,
          rest: ABO_KINDS.map((kind) => ({ label: CREDIT_KIND_LABELS[kind], anzahl: balance[kind] })).filter(
            (entry) => entry.anzahl > 0,
          ),
          bis: abo.naechsteAbrechnung,
        },
      },
    },
  ];
}
