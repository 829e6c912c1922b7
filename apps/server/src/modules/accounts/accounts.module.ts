import type { ModuleDescriptor } from '../module-descriptor.ts';
import { accountsRoutes } from './accounts.routes.ts';

/** Registration, e-mail confirmation, password and e-mail changes. */
export const accountsModule: ModuleDescriptor = {
  name: 'accounts',
  routes: accountsRoutes,
};
