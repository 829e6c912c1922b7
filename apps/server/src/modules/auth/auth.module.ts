import type { ModuleDescriptor } from '../module-descriptor.ts';
import { authRoutes } from './auth.routes.ts';

/** Login, token renewal and the locked-account list. */
export const authModule: ModuleDescriptor = {
  name: 'auth',
  routes: authRoutes,
};
