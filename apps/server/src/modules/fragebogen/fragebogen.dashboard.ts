import { ROUTES } from '@dihs/contract/common/routes';
import type { DashboardTile } from '@dihs/contract/dashboard';
import type { Database } from '../../db/client.ts';
import type { DashboardPatient } from '../module-descriptor.ts';
import { findPatientDraft } from './fragebogen.repository.ts';

/** The cockpit's open task for a findings questionnaire begun and not yet sent. */
export async function fragebogenDashboardTiles(db: Database, patient: DashboardPatient): Promise<DashboardTile[]> {
  if (!(await findPatientDraft(db, patient.userId))) return [];
  return [
    {
      kind: 'personalTile',
      id: 'fragebogen-entwurf',
      icon: 'aufgabe',
      link: ROUTES.frageboegenEigene.path,
      size: 1,
      titel: 'Befundfragebogen fortsetzen',
      text: 'Sie haben einen Befundfragebogen begonnen, aber noch nicht abgeschickt.',
      fortschritt: null,
    },
  ];
}
