import { ROUTES } from '@dihs/contract/common/routes';
import type { DashboardTile } from '@dihs/contract/dashboard';
import type { Database } from '../../db/client.ts';
import type { DashboardPatient } from '../module-descriptor.ts';
import { seatsOfCart } from '../termin/index.ts';
import { findOpenCart } from './cart.service.ts';

/**
 * The cockpit's open-booking tile: the patient's one open cart that still holds seats and credit (not yet past its
 * release time), so the patient can finish or release it on the appointment plan instead of forgetting it.
 */
export async function cartDashboardTiles(db: Database, patient: DashboardPatient, now: Date): Promise<DashboardTile[]> {
  const cart = await findOpenCart(db, patient.userId, now);
  if (!cart) return [];
  const seats = await seatsOfCart(db, cart.id);
  return [
    {
      kind: 'termin',
      id: `warenkorb-${cart.id}`,
      icon: 'warenkorb',
      link: ROUTES.patientTermine.path,
      size: 1,
      anzahlTermine: seats.filter((s) => s.seat.status !== 'STORNIERT').length,
      ablauf: cart.expiresAt.toISOString(),
    },
  ];
}
