import { createPeriodicJob } from '../../lib/periodic-job.ts';
import type { ModuleDescriptor } from '../module-descriptor.ts';
import { deleteOldSitzungEreignisse } from './video-retention.ts';
import { erasePatient } from './video.erase.ts';
import { exportPatient } from './video.repository.ts';
import { videoRoutes } from './video.routes.ts';

const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** Video sessions: the conferences over the STOMP transport (plugins/stomp.ts) and the retention of their metadata. */
export const videoModule: ModuleDescriptor = {
  name: 'video',
  routes: videoRoutes,
  jobs: ({ db, now, log }) => [
    createPeriodicJob({
      intervalMs: RETENTION_INTERVAL_MS,
      run: () => deleteOldSitzungEreignisse(db, now()),
      log,
      failureMessage: 'Löschen alter Sitzungsdaten fehlgeschlagen',
    }),
  ],
  erasePatient,
  exportPatient,
};
