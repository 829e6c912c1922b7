import type { ModuleDescriptor } from '../module-descriptor.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

/** The patient's cockpit: composes the tiles the other modules' descriptors build from their own records. */
export const dashboardModule: ModuleDescriptor = {
  name: 'dashboard',
  routes: dashboardRoutes,
};
