import type { ModuleDescriptor } from '../module-descriptor.ts';
import { loeschungRoutes } from './loeschung.routes.ts';

/** Patient erasure on request; its service resumes unfinished erasures on ready (loeschung.routes.ts). */
export const loeschungModule: ModuleDescriptor = {
  name: 'loeschung',
  routes: loeschungRoutes,
};
