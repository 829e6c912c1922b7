import type { ModuleDescriptor } from '../module-descriptor.ts';
import { erasePatient } from './profil.erase.ts';
import { seedDemoProfiles } from './profil.demo.ts';
import { profilRoutes } from './profil.routes.ts';

/** Profiles, profile photos and the therapists' documentation. */
export const profilModule: ModuleDescriptor = {
  name: 'profil',
  routes: profilRoutes,
  erasePatient,
  seedDemo: (tx) => seedDemoProfiles(tx),
};
