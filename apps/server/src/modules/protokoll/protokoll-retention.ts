import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.ts';
import type { ModuleContext } from '../../app-types.ts';
import { deleteOlderThan } from './protokoll.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the entries older than AUDIT_RETENTION_DAYS, through the owner's connection where the roles are separate
 * (the runtime role may not delete from the log); answers how many.
 */
export const pruneAuditLog = (ctx: Pick<ModuleContext, 'db' | 'ownerDb' | 'now' | 'config'>): Promise<number> =>
  deleteOlderThan(ctx.ownerDb ?? ctx.db, new Date(ctx.now().getTime() - ctx.config.auditRetentionDays * DAY_MS));

/** Once at start and then daily: the log keeps AUDIT_RETENTION_DAYS, no more. */
export function createRetentionJob(ctx: ModuleContext): PeriodicJob {
  return createPeriodicJob({
    intervalMs: DAY_MS,
    run: () => pruneAuditLog(ctx),
    log: ctx.log,
    failureMessage: 'Aufbewahrungsfrist des Zugriffsprotokolls nicht angewandt',
    metrics: { of: ctx.metrics, name: 'protokoll_aufbewahrung' },
  });
}
