import type { ModuleDescriptor } from '../module-descriptor.ts';
import { createRetentionJob } from './protokoll-retention.ts';
import { erasePatient } from './protokoll.erase.ts';
import { exportPatient, insertEntries } from './protokoll.repository.ts';
import { protokollRoutes } from './protokoll.routes.ts';

/** The audit log of patient records: written by the need-to-know check (plugins/patient-access.ts), read here. */
export const protokollModule: ModuleDescriptor = {
  name: 'protokoll',
  routes: protokollRoutes,
  jobs: (ctx) => [createRetentionJob(ctx)],
  erasePatient,
  exportPatient,
  provides: { auditLog: { append: insertEntries } },
};
