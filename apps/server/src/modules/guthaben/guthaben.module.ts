import type { ModuleDescriptor } from '../module-descriptor.ts';
import { guthabenDashboardTiles } from './guthaben.dashboard.ts';
import { seedDemoGuthaben } from './guthaben.demo.ts';
import { exportPatient } from './guthaben.repository.ts';
import { guthabenRoutes } from './guthaben.routes.ts';
import { onGuthabenPayment } from './guthaben.service.ts';

/** Credit: the ledger, the shop (paid by card) and the operator's balance editing. */
export const guthabenModule: ModuleDescriptor = {
  name: 'guthaben',
  routes: guthabenRoutes,
  paymentListeners: () => ({ GUTHABEN: onGuthabenPayment }),
  exportPatient,
  dashboardTiles: guthabenDashboardTiles,
  seedDemo: (tx) => seedDemoGuthaben(tx),
};
