import type { ModuleDescriptor } from '../module-descriptor.ts';
import { firmaDashboardTiles } from './firma.dashboard.ts';
import { seedDemoFirma } from './firma.demo.ts';
import { firmaRoutes } from './firma.routes.ts';

/** Companies whose employees are patients. */
export const firmaModule: ModuleDescriptor = {
  name: 'firma',
  routes: firmaRoutes,
  dashboardTiles: firmaDashboardTiles,
  seedDemo: async (tx, world) => {
    world.firmaId = await seedDemoFirma(tx);
  },
};
