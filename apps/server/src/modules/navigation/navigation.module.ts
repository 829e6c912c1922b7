import { demoRecord, type ModuleDescriptor } from '../module-descriptor.ts';
import { seedDemoNavigation } from './navigation.demo.ts';
import { navigationRoutes } from './navigation.routes.ts';

/** The menu tree. */
export const navigationModule: ModuleDescriptor = {
  name: 'navigation',
  routes: navigationRoutes,
  seedDemo: (tx, world) => seedDemoNavigation(tx, demoRecord(world.pageIds, 'pageIds')),
};
