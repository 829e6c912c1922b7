import type { ModuleDescriptor } from '../module-descriptor.ts';
import { erasePatient } from './feedback.erase.ts';
import { exportPatient } from './feedback.export.ts';
import { feedbackRoutes } from './feedback.routes.ts';

/** The contact form and its answers. */
export const feedbackModule: ModuleDescriptor = {
  name: 'feedback',
  routes: feedbackRoutes,
  erasePatient,
  exportPatient,
};
