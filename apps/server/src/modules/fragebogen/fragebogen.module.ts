import { FRAGEBOGEN_TEXTS } from '@dihs/contract/fragebogen';
import type { ModuleDescriptor } from '../module-descriptor.ts';
import { fragebogenDashboardTiles } from './fragebogen.dashboard.ts';
import { seedDemoFrageboegen } from './fragebogen.demo.ts';
import { erasePatient } from './fragebogen.erase.ts';
import { fragebogenRoutes } from './fragebogen.routes.ts';
import { exportPatient, findPatientFragebogen } from './fragebogen.repository.ts';

/** Findings questionnaires: the operators' definitions and the patients' questionnaires (health data). */
export const fragebogenModule: ModuleDescriptor = {
  name: 'fragebogen',
  dashboardTiles: fragebogenDashboardTiles,
  routes: fragebogenRoutes,
  erasePatient,
  exportPatient,
  // a patient's questionnaire addressed by its own id: whose it is, for the need-to-know check before the handler
  recordOwners: {
    PATIENT_FRAGEBOGEN: {
      async patientOf(db, id) {
        const row = await findPatientFragebogen(db, id);
        return row ? { patientUserId: row.patientUserId } : null;
      },
      notFound: FRAGEBOGEN_TEXTS.patientFragebogenNichtGefunden,
    },
  },
  seedDemo: (tx) => seedDemoFrageboegen(tx),
};
