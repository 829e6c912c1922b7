import type { ModuleDescriptor } from '../module-descriptor.ts';
import { erasePatient } from './profil.erase.ts';
import { exportPatient } from './profil.export.ts';
import { seedDemoProfiles } from './profil.demo.ts';
import { profilRoutes } from './profil.routes.ts';

/** Profiles, profile photos and the therapists' documentation. */
export const profilModule: ModuleDescriptor = {
  name: 'profil',
  routes: profilRoutes,
  erasePatient,
  exportPatient,
  seedDemo: (tx) => seedDemoProfiles(tx),
};
