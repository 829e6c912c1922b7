import type { ModuleDescriptor } from '../module-descriptor.ts';
import { fragebogenDashboardTiles } from './fragebogen.dashboard.ts';
import { seedDemoFrageboegen } from './fragebogen.demo.ts';
import { erasePatient } from './fragebogen.erase.ts';
import { exportPatient } from './fragebogen.export.ts';
import { fragebogenRoutes } from './fragebogen.routes.ts';

/** Findings questionnaires: the operators' definitions and the patients' questionnaires (health data). */
export const fragebogenModule: ModuleDescriptor = {
  name: 'fragebogen',
  dashboardTiles: fragebogenDashboardTiles,
  routes: fragebogenRoutes,
  erasePatient,
  exportPatient,
  seedDemo: (tx) => seedDemoFrageboegen(tx),
};
