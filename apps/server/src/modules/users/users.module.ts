import { demoRecord, type ModuleDescriptor } from '../module-descriptor.ts';
import { listRevokedTokens, pruneRevokedTokens, sessionActivity, touchSession } from './sessions.ts';
import { erasePatient } from './users.erase.ts';
import { exportPatient } from './users.export.ts';
import { seedDemoUsers } from './users.demo.ts';
import type { CreatePerson } from './users.service.ts';
import { findUserById } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';

/**
 * Accounts: the operators' user administration and the account rows other modules read. An operator's new account
 * gets its profile row through `createPerson` (profil's insertPerson, handed in by modules/index.ts).
 */
export const usersModule = (createPerson: CreatePerson): ModuleDescriptor => ({
  name: 'users',
  routes: (app, deps) => usersRoutes(app, deps, createPerson),
  erasePatient,
  exportPatient,
  seedDemo: (tx, world) => seedDemoUsers(tx, demoRecord(world.firmaId, 'firmaId')),
  // the session gate and the need-to-know check read accounts through these (app.ts)
  provides: { accounts: { find: findUserById, listRevokedTokens, pruneRevokedTokens, touchSession, sessionActivity } },
});
