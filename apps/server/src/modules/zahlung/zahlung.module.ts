import type { ModuleDescriptor } from '../module-descriptor.ts';
import { exportPatient } from './zahlung.repository.ts';
import { zahlungRoutes } from './zahlung.routes.ts';

/** Card payments for every purpose; its routes build the providers (payment-providers.ts). */
export const zahlungModule: ModuleDescriptor = {
  name: 'zahlung',
  routes: zahlungRoutes,
  exportPatient,
};
