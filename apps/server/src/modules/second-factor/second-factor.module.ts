import type { ModuleDescriptor } from '../module-descriptor.ts';
import { secondFactorRoutes } from './second-factor.routes.ts';

/** The TOTP second factor. */
export const secondFactorModule: ModuleDescriptor = {
  name: 'second-factor',
  routes: secondFactorRoutes,
};
