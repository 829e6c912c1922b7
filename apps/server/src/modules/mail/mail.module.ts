import type { ModuleDescriptor } from '../module-descriptor.ts';
import { erasePatient } from './mail.erase.ts';
import { exportPatient } from './mail.export.ts';

/** The mail outbox; app.ts starts its worker before the modules, which flush it (AppDeps.mail). */
export const mailModule: ModuleDescriptor = {
  name: 'mail',
  erasePatient,
  exportPatient,
};
