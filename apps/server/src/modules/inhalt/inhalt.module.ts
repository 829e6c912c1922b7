import { demoRecord, type ModuleDescriptor } from '../module-descriptor.ts';
import { seedDemoPages } from './inhalt.demo.ts';
import { inhaltRoutes } from './inhalt.routes.ts';

/** Content pages and who may read them. */
export const inhaltModule: ModuleDescriptor = {
  name: 'inhalt',
  routes: inhaltRoutes,
  seedDemo: async (tx, world) => {
    world.pageIds = await seedDemoPages(tx, demoRecord(world.firmaId, 'firmaId'));
  },
};
