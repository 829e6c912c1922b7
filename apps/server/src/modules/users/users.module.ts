import { demoRecord, type ModuleDescriptor } from '../module-descriptor.ts';
import { erasePatient } from './users.erase.ts';
import { exportPatient } from './users.export.ts';
import { seedDemoUsers } from './users.demo.ts';
import { usersRoutes } from './users.routes.ts';

/** Accounts: the operators' user administration and the account rows other modules read. */
export const usersModule: ModuleDescriptor = {
  name: 'users',
  routes: usersRoutes,
  erasePatient,
  exportPatient,
  seedDemo: (tx, world) => seedDemoUsers(tx, demoRecord(world.firmaId, 'firmaId')),
};
