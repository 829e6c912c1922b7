import type { ModuleDescriptor } from '../module-descriptor.ts';
import { createSubscriptionScheduler } from './abo-job.ts';
import { zahlungGeaendert } from './abo-lifecycle.ts';
import { aboDashboardTiles } from './abo.dashboard.ts';
import { seedDemoAbo, seedDemoAboPakete } from './abo.demo.ts';
import { exportPatient } from './abo.repository.ts';
import { aboRoutes } from './abo.routes.ts';

/** How often the scheduled job looks for due renewals and ends. Dates are whole days, so this is on time. */
const JOB_INTERVAL_MS = 10 * 60 * 1000;

/** Subscriptions: packages, orders, renewals and ends (scheduled), and their card payments. */
export const aboModule: ModuleDescriptor = {
  name: 'abo',
  routes: aboRoutes,
  jobs: ({ db, now, log, metrics }) => [
    createSubscriptionScheduler({ db, now, log, metrics, intervalMs: JOB_INTERVAL_MS }),
  ],
  paymentListeners: ({ now }) => ({
    ABO: (tx, payment, newStatus, previousStatus) => zahlungGeaendert(tx, payment, newStatus, previousStatus, now()),
  }),
  exportPatient,
  dashboardTiles: aboDashboardTiles,
  seedDemo: async (tx) => {
    await seedDemoAboPakete(tx);
    await seedDemoAbo(tx);
  },
};
