import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { SessionPublisher } from '../../plugins/session-events.ts';
import { endSessions, findUserById } from '../users/index.ts';
import type { ModuleDescriptor, PatientDataServices } from '../module-descriptor.ts';
import { erasePatient, patientErasers } from './loeschung.erase.ts';
import { createJob, findJob, markJob, unfinishedJobs } from './loeschung.repository.ts';

export type DeletionStatus = 'gestartet' | 'abgeschlossen';

interface Logger {
  error(obj: object, msg: string): void;
}

export interface DeletionServiceDeps {
  db: Database;
  log: Logger;
  /** Removes stored files (photos, documents) once the database no longer points at them. */
  deleteFiles: (keys: string[]) => Promise<void>;
  /** The app's modules, whose erasePatient steps run in the fixed erasure order (loeschung.erase.ts). */
  modules: readonly ModuleDescriptor[];
  /** The patient's sessions end when the deletion is requested, not when the background erasure is done. */
  sessions: SessionPublisher;
  /** What the modules' erasure steps may use besides the transaction (the object store of documents). */
  services: PatientDataServices;
  /** Each erasure as a pass of the job `loeschung` (dihs_job_*): its end, duration and failure. */
  metrics?: Pick<Metrics, 'job'>;
}

/** Permanent deletion of patients as background jobs (spec 1, sections 2.9 and 4). */
export function createDeletionService({
  db,
  log,
  deleteFiles,
  modules,
  sessions,
  services,
  metrics,
}: DeletionServiceDeps) {
  const erasers = patientErasers(modules);
  const running = new Map<number, Promise<void>>();
  // erasures run on request, not at an interval: no interval, so the alert of overdue jobs leaves them out
  const instrument = metrics?.job('loeschung');

  async function erase(jobId: number, patientUserId: number): Promise<number> {
    const files = await db.transaction((tx) => erasePatient(tx, patientUserId, erasers, services));
    await deleteFiles(files);
    await markJob(db, jobId, 'abgeschlossen');
    return 1;
  }

  async function run(jobId: number, patientUserId: number): Promise<void> {
    try {
      await (instrument ? instrument.record(() => erase(jobId, patientUserId)) : erase(jobId, patientUserId));
    } catch (error) {
      // The job stays 'gestartet' until it is retried at the next start; query parameters never reach the log.
      log.error({ jobId, error: loggableError(error) }, 'Löschung fehlgeschlagen');
    }
  }

  function launch(jobId: number, patientUserId: number): Promise<void> {
    let job = running.get(jobId);
    if (!job) {
      job = run(jobId, patientUserId).finally(() => running.delete(jobId));
      running.set(jobId, job);
    }
    return job;
  }

  return {
    /** Whether a deletion of the patient has been started or finished. */
    async isDeleted(patientUserId: number): Promise<boolean> {
      const user = await findUserById(db, patientUserId);
      if (!user) throw HttpError.notFound('Der Patient wurde nicht gefunden.');
      return Boolean(user.deletedAt) || Boolean(await findJob(db, patientUserId));
    },

    /** Starts the deletion of a patient (idempotent) and answers the job's status. */
    async start(patientUserId: number, operatorId: number): Promise<DeletionStatus> {
      const user = await findUserById(db, patientUserId);
      if (!user) throw HttpError.notFound('Der Patient wurde nicht gefunden.');
      if (user.role !== 'PATIENT') throw HttpError.badRequest('Nur Patienten können endgültig gelöscht werden.');
      const job = await createJob(db, patientUserId, operatorId);
      if (!job) throw new Error('Löschauftrag fehlt');
      await endSessions(sessions, db, patientUserId);
      if (job.status === 'abgeschlossen') return 'abgeschlossen';
      void launch(job.id, patientUserId);
      return 'gestartet';
    },

    /** Continues jobs that a stopped server left unfinished. */
    async resumeUnfinished(): Promise<void> {
      for (const job of await unfinishedJobs(db)) void launch(job.id, job.patientUserId);
    },

    /** Waits for running jobs (tests, shutdown). */
    async idle(): Promise<void> {
      await Promise.all(running.values());
    },
  };
}
export type DeletionService = ReturnType<typeof createDeletionService>;
