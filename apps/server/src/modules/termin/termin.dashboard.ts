import { ROUTES, fillPath } from '@dihs/contract/common/routes';
import type { DashboardTile } from '@dihs/contract/dashboard';
import { TERMINTYP_LABELS } from '@dihs/contract/termin';
import type { DashboardPatient } from '../module-descriptor.ts';
import type { Database } from '../../db/client.ts';
import { fullName } from '../profil/index.ts';
import { nextBookedTermin } from './termin.repository.ts';

/**
 * The cockpit's nextTermin tile: the next booked appointment that has not ended (an appointment under way is still
 * "next": the tile then offers "Sitzung beitreten"); without one it invites to book one.
 */
export async function terminDashboardTiles(
  db: Database,
  patient: DashboardPatient,
  now: Date,
): Promise<DashboardTile[]> {
  const row = await nextBookedTermin(db, patient.userId, now);
  const termin = row
    ? {
        id: row.termin.id,
        datum: row.termin.datum.toISOString(),
        dauer: row.termin.dauer,
        termintyp: row.termin.termintyp,
        titel: [TERMINTYP_LABELS[row.termin.termintyp], row.termin.befund].filter(Boolean).join(' · '),
        therapeutName: fullName(row),
        sitzungLink: fillPath(ROUTES.videosessionPatient.path, { conferenceId: row.termin.id }),
      }
    : null;
  return [
    {
      kind: 'nextTermin',
      id: 'naechster-termin',
      icon: 'termin',
      link: ROUTES.patientTermine.path,
      size: 1,
      termin,
    },
  ];
}
