import type { AppDeps, AppInstance } from '../app-types.ts';
import { authRoutes } from './auth/index.ts';
import { healthRoutes } from './health/index.ts';
import { inhaltRoutes } from './inhalt/index.ts';
import { navigationRoutes } from './navigation/index.ts';
import { usersRoutes } from './users/index.ts';

type ModuleRoutes = (app: AppInstance, deps: AppDeps) => Promise<void>;

/** Every module's routes, registered by hand in this order. */
const MODULES: ModuleRoutes[] = [healthRoutes, authRoutes, usersRoutes, navigationRoutes, inhaltRoutes];

export async function registerModules(app: AppInstance, deps: AppDeps): Promise<void> {
  for (const routes of MODULES) await routes(app, deps);
}
