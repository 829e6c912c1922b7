import { ROUTES } from '@dihs/contract/common/routes';
import type { DashboardTile } from '@dihs/contract/dashboard';
import type { Database } from '../../db/client.ts';
import type { DashboardPatient } from '../module-descriptor.ts';
import { findAnamnese } from './anamnese.repository.ts';

/**
 * The cockpit's open task for the medical history: to fill it in while there is none, to finish and sign it while
 * it is unsigned; nothing once it is signed. The therapist needs it before the first session, so it is asked for.
 */
export async function anamneseDashboardTiles(db: Database, patient: DashboardPatient): Promise<DashboardTile[]> {
  const anamnese = await findAnamnese(db, patient.userId);
  if (anamnese?.unterschrieben) return [];
  return [
    {
      kind: 'personalTile',
      id: 'anamnese-offen',
      icon: 'aufgabe',
      link: ROUTES.anamnese.path,
      size: 1,
      titel: anamnese ? 'Anamnese unterschreiben' : 'Anamnesebogen ausfüllen',
      text: anamnese
        ? 'Ihr Anamnesebogen ist noch nicht unterschrieben. Erst mit Ihrer Unterschrift liegt er Ihrer Therapeutin oder Ihrem Therapeuten vollständig vor.'
        : 'Bitte füllen Sie vor Ihrem ersten Termin den Anamnesebogen aus, damit sich Ihre Therapeutin oder Ihr Therapeut vorbereiten kann.',
      fortschritt: null,
    },
  ];
}
