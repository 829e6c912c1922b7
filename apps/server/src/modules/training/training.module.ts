import type { ModuleDescriptor } from '../module-descriptor.ts';
import { deletePatientPlans, hasSetByTherapist, patientRows } from './training.repository.ts';
import { trainingDashboardTiles } from './training.dashboard.ts';
import { seedDemoTraining } from './training.demo.ts';
import { trainingRecordOwners } from './training-access.ts';
import { trainingRoutes } from './training.routes.ts';

/**
 * Training: exercises, plan templates, patients' plan sets and their adherence (health data). A plan by a
 * therapist puts the patient in their care.
 */
export const trainingModule: ModuleDescriptor = {
  name: 'training',
  dashboardTiles: trainingDashboardTiles,
  routes: trainingRoutes,
  careRelation: hasSetByTherapist,
  recordOwners: trainingRecordOwners,
  // the patient's plans, entries and done marks; exercises and templates are the therapists' and stay
  erasePatient: (tx, userId) => deletePatientPlans(tx, userId),
  exportPatient: async (db, userId) => {
    const { sets, eintraege, erledigt } = await patientRows(db, userId);
    return { trainingsplan_set: sets, trainingsplan_eintrag: eintraege, trainingsplan_erledigt: erledigt };
  },
  seedDemo: (tx) => seedDemoTraining(tx),
};
