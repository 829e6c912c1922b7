import type { ModuleDescriptor } from '../module-descriptor.ts';
import { createReminderScheduler } from './termin-erinnerung.ts';
import { terminDashboardTiles } from './termin.dashboard.ts';
import { seedDemoTermine } from './termin.demo.ts';
import { erasePatient } from './termin.erase.ts';
import { exportPatient, hasBookingWithTherapist } from './termin.repository.ts';
import { terminRoutes } from './termin.routes.ts';

/** Appointments, their seats and the reminder mails (scheduled). */
export const terminModule: ModuleDescriptor = {
  name: 'termin',
  routes: terminRoutes,
  jobs: ({ db, now, log, mail, config, metrics }) => [
    createReminderScheduler({ db, now, log, mail, metrics, intervalMs: config.reminderIntervalSeconds * 1000 }),
  ],
  erasePatient,
  // a booked appointment with the therapist, past or future, puts the patient in their care
  careRelation: hasBookingWithTherapist,
  exportPatient,
  dashboardTiles: terminDashboardTiles,
  seedDemo: (tx) => seedDemoTermine(tx),
};
