import type { ModuleDescriptor } from '../module-descriptor.ts';
import { seedDemoFirma } from './firma.demo.ts';
import { firmaRoutes } from './firma.routes.ts';

/** Companies whose employees are patients. */
export const firmaModule: ModuleDescriptor = {
  name: 'firma',
  routes: firmaRoutes,
  seedDemo: async (tx, world) => {
    world.firmaId = await seedDemoFirma(tx);
  },
};
