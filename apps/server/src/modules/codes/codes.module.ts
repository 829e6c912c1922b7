import type { ModuleDescriptor } from '../module-descriptor.ts';
import { erasePatient } from './codes.erase.ts';
import { exportPatient } from './codes.repository.ts';

/** One-time codes (e-mail confirmation, resets); no routes of its own. */
export const codesModule: ModuleDescriptor = {
  name: 'codes',
  erasePatient,
  exportPatient,
};
