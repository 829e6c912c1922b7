import { createPeriodicJob } from '../../lib/periodic-job.ts';
import type { ModuleContext, ModuleDescriptor, ScheduledJob } from '../module-descriptor.ts';
import { createJanusProbe } from './janus-rooms.ts';
import { deleteOldSitzungEreignisse } from './video-retention.ts';
import { erasePatient } from './video.erase.ts';
import { exportPatient } from './video.repository.ts';
import { videoRoutes } from './video.routes.ts';

const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** How often each instance asks Janus whether it answers (dihs_janus_reachable). */
const JANUS_PROBE_INTERVAL_MS = 30_000;

/**
 * With Janus set up (JANUS_WS_URL): asks its admin API every 30 s and exports the answer as dihs_janus_reachable
 * (1 or 0); without it there is no such gauge, so no alert fires for a Janus nobody uses.
 */
function janusProbeJob({ config, metrics, log }: ModuleContext): ScheduledJob[] {
  if (!config.janus) return [];
  const probe = createJanusProbe(config.janus);
  let reachable: boolean | null = null;
  metrics.gauge('dihs_janus_reachable', 'Ob Janus (SFU) auf seiner Admin-API antwortet (1) oder nicht (0)', (gauge) => {
    if (reachable !== null) gauge.set(reachable ? 1 : 0);
  });
  const job = createPeriodicJob({
    intervalMs: JANUS_PROBE_INTERVAL_MS,
    log,
    failureMessage: 'Janus-Prüfung fehlgeschlagen',
    run: async () => {
      reachable = await probe.reachable();
    },
  });
  return [
    {
      start: () => job.start(),
      async stop() {
        await job.stop();
        await probe.close();
      },
    },
  ];
}

/** Video sessions: the conferences over the STOMP transport (plugins/stomp.ts) and the retention of their metadata. */
export const videoModule: ModuleDescriptor = {
  name: 'video',
  routes: videoRoutes,
  jobs: (ctx) => [
    createPeriodicJob({
      intervalMs: RETENTION_INTERVAL_MS,
      run: () => deleteOldSitzungEreignisse(ctx.db, ctx.now()),
      log: ctx.log,
      failureMessage: 'Löschen alter Sitzungsdaten fehlgeschlagen',
      metrics: { of: ctx.metrics, name: 'video_aufbewahrung' },
    }),
    ...janusProbeJob(ctx),
  ],
  erasePatient,
  exportPatient,
};
