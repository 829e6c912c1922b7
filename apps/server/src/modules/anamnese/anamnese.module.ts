import type { ModuleDescriptor } from '../module-descriptor.ts';
import { anamneseDashboardTiles } from './anamnese.dashboard.ts';
import { seedDemoAnamnese } from './anamnese.demo.ts';
import { erasePatient } from './anamnese.erase.ts';
import { exportPatient } from './anamnese.repository.ts';
import { anamneseRoutes } from './anamnese.routes.ts';

/** The medical history (anamnesis) with the body pain map, signing and its PDF (health data). */
export const anamneseModule: ModuleDescriptor = {
  name: 'anamnese',
  routes: anamneseRoutes,
  erasePatient,
  exportPatient,
  dashboardTiles: anamneseDashboardTiles,
  seedDemo: (tx) => seedDemoAnamnese(tx),
};
