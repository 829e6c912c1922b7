import { ROUTES } from '@dihs/contract/common/routes';
import type { DashboardTile } from '@dihs/contract/dashboard';
import type { Database } from '../../db/client.ts';
import type { DashboardPatient } from '../module-descriptor.ts';
import { meinPlan } from './plan.service.ts';

/**
 * The cockpit's training tile: today's plan with how many exercises are done today. Without a subscription or a
 * current plan there is nothing to train, so no tile.
 */
export async function trainingDashboardTiles(
  db: Database,
  patient: DashboardPatient,
  now: Date,
): Promise<DashboardTile[]> {
  const plan = await meinPlan(db, patient.userId, now);
  if (!plan.set) return [];
  const gesamt = plan.set.planListe.length;
  const erledigt = plan.set.planListe.filter((eintrag) => eintrag.heute?.erledigt).length;
  return [
    {
      kind: 'personalTile',
      id: 'trainingsplan',
      icon: 'training',
      link: ROUTES.patientTrainingsplan.path,
      size: 1,
      titel: 'Ihr Trainingsplan heute',
      text:
        gesamt === 0
          ? 'Ihr Plan enthält noch keine Übungen.'
          : erledigt === gesamt
            ? `Alle ${gesamt} Übungen erledigt. Gut gemacht!`
            : `${erledigt} von ${gesamt} Übungen erledigt`,
      fortschritt: { erledigt, gesamt },
    },
  ];
}
