import type { ModuleDescriptor } from '../module-descriptor.ts';
import { erasePatient, type FindAccount } from './mail.erase.ts';
import { exportPatient } from './mail.export.ts';

/**
 * The mail outbox; app.ts starts its worker before the modules, which flush it (AppDeps.mail). Mail sits below users
 * in the module graph (users sends mail), so the account look-up of erasure and export is handed in by
 * modules/index.ts.
 */
export const mailModule = (findAccount: FindAccount): ModuleDescriptor => ({
  name: 'mail',
  erasePatient: (tx, userId) => erasePatient(tx, userId, findAccount),
  exportPatient: (db, userId) => exportPatient(db, userId, findAccount),
});
