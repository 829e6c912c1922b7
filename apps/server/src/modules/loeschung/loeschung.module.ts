import type { FileStore } from '../../lib/file-store.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import type { ModuleContext, ModuleDescriptor, ScheduledJob } from '../module-descriptor.ts';
import { exportPatient } from './loeschung.repository.ts';
import { loeschungRoutes } from './loeschung.routes.ts';
import { createDeletionService, type DeletionService } from './loeschung.service.ts';

// One deletion service per app: the routes start erasures and the job waits for them on close, so both must see the
// same running erasures. Tests build several apps in one process, so it cannot be a module-level singleton; buildApp
// creates one file store per app and hands that same object to the jobs and the routes, so it keys the service.
const services = new WeakMap<FileStore, DeletionService>();

function deletionServiceOf({
  db,
  files,
  objects,
  config,
  log,
  modules,
  sessions,
  metrics,
}: Pick<ModuleContext, 'db' | 'files' | 'objects' | 'config' | 'log' | 'modules' | 'sessions' | 'metrics'>) {
  let service = services.get(files);
  if (!service) {
    service = createDeletionService({
      db,
      log,
      modules,
      sessions,
      metrics,
      services: { files, objects, config },
      deleteFiles: (keys) => files.deleteMany(keys),
    });
    services.set(files, service);
  }
  return service;
}

/** Resumes erasures a stopped server left unfinished once the app is ready; on close waits for running ones. */
function resumeUnfinishedJob(deletion: DeletionService, log: ModuleContext['log']): ScheduledJob {
  let resuming: Promise<void> = Promise.resolve();
  return {
    start() {
      // start() cannot fail the app's start; a failed look-up is logged and retried at the next start
      resuming = deletion
        .resumeUnfinished()
        .catch((error: unknown) =>
          log.error({ error: loggableError(error) }, 'Fortsetzen der Löschungen fehlgeschlagen'),
        );
    },
    async stop() {
      await resuming;
      await deletion.idle();
    },
  };
}

/** Patient erasure on request; unfinished erasures are resumed when the app is ready. */
export const loeschungModule: ModuleDescriptor = {
  name: 'loeschung',
  routes: (app, deps) => loeschungRoutes(app, deletionServiceOf({ ...deps, log: app.log })),
  jobs: (ctx) => [resumeUnfinishedJob(deletionServiceOf(ctx), ctx.log)],
  exportPatient,
};
