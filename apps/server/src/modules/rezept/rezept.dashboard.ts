import { ROUTES } from '@dihs/contract/common/routes';
import type { DashboardTile } from '@dihs/contract/dashboard';
import type { Database } from '../../db/client.ts';
import type { DashboardPatient } from '../module-descriptor.ts';
import { listOfPatient } from './rezept.repository.ts';

/** The cockpit's open task for prescriptions the operator has not billed or rejected yet (new or under review). */
export async function rezeptDashboardTiles(db: Database, patient: DashboardPatient): Promise<DashboardTile[]> {
  const offen = (await listOfPatient(db, patient.userId)).filter(
    (rezept) => rezept.status === 'NEU' || rezept.status === 'INBEARBEITUNG',
  ).length;
  if (offen === 0) return [];
  return [
    {
      kind: 'personalTile',
      id: 'rezepte-in-pruefung',
      icon: 'dokument',
      link: ROUTES.patientRezepte.path,
      size: 1,
      titel: 'Rezept in Prüfung',
      text:
        offen === 1
          ? 'Ihr eingereichtes Rezept wird geprüft. Das Guthaben wird danach gebucht.'
          : `Ihre ${offen} eingereichten Rezepte werden geprüft. Das Guthaben wird danach gebucht.`,
      fortschritt: null,
    },
  ];
}
