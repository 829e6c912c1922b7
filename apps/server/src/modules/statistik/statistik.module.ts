import type { ModuleDescriptor } from '../module-descriptor.ts';
import { statistikRoutes } from './statistik.routes.ts';

/** View statistics: counted without a person reference, so nothing to erase or export per patient. */
export const statistikModule: ModuleDescriptor = {
  name: 'statistik',
  routes: statistikRoutes,
};
