import { REZEPT_TEXTS } from '@dihs/contract/rezept';
import type { ModuleDescriptor } from '../module-descriptor.ts';
import { rezeptKeyRing } from './rezept-keys.ts';
import { rezeptDashboardTiles } from './rezept.dashboard.ts';
import { demoRezepteJob } from './rezept.demo.ts';
import { erasePatient, exportPatient } from './rezept.data.ts';
import { findRezept } from './rezept.repository.ts';
import { rezeptRoutes } from './rezept.routes.ts';

/** Prescriptions: encrypted uploads of patients, operator handling with credit, downloads. */
export const rezeptModule: ModuleDescriptor = {
  name: 'rezept',
  dashboardTiles: rezeptDashboardTiles,
  routes: rezeptRoutes,
  // the demo prescriptions need the configured master key, so they are made when the app is ready
  jobs: ({ db, config, objects, log }) =>
    config.seedDemo ? [demoRezepteJob(db, rezeptKeyRing(config), objects, log)] : [],
  erasePatient,
  exportPatient,
  // a prescription addressed by its own id: whose it is, for the need-to-know check before the handler
  recordOwners: {
    REZEPT: {
      async patientOf(db, id) {
        const row = await findRezept(db, id);
        return row ? { patientUserId: row.patientUserId } : null;
      },
      notFound: REZEPT_TEXTS.nichtGefunden,
    },
  },
};
