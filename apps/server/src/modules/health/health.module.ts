import type { ModuleDescriptor } from '../module-descriptor.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness of the API. */
export const healthModule: ModuleDescriptor = {
  name: 'health',
  routes: healthRoutes,
};
