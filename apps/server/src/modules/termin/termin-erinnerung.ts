import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { TERMINTYP_LABELS } from '@dihs/contract/termin';
import type { Database } from '../../db/client.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import { enqueueMail, platformMail } from '../mail/index.ts';
import { dueReminders, markReminded } from './termin.repository.ts';

export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/**
 * Enqueues the reminder of every booked seat whose appointment starts within the next 24 hours and marks it sent
 * in the same transaction: a seat is reminded exactly once, even after a restart or with several instances
 * (rows claimed with SKIP LOCKED). Answers how many reminders were enqueued.
 */
export async function runReminderJob(db: Database, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const sent = await db.transaction(async (tx) => {
      const due = await dueReminders(tx, now, new Date(now.getTime() + REMINDER_LEAD_MS), BATCH);
      for (const { termin, email } of due) {
        await enqueueMail(
          tx,
          platformMail({ email }, `Erinnerung: Ihr Termin am ${formatDateTimeUhr(termin.datum)}`, [
            `wir erinnern Sie an Ihren Termin "${termin.befund}" (${TERMINTYP_LABELS[termin.termintyp]}) am ${formatDateTimeUhr(termin.datum)}, Dauer ${termin.dauer} Minuten.`,
            'Die Sitzung können Sie 10 Minuten vor Beginn in Ihrem Terminplan starten.',
          ]),
        );
      }
      await markReminded(
        tx,
        due.map((d) => d.seat.id),
        now,
      );
      return due.length;
    });
    total += sent;
    if (sent < BATCH) return total;
  }
}

interface Logger {
  error(obj: object, msg: string): void;
}

/** Runs the reminder job when the app is ready and then every interval; stop() waits for a running pass. */
export const createReminderScheduler = (input: {
  db: Database;
  now: () => Date;
  log: Logger;
  intervalMs: number;
  mail: { flush(): Promise<void> };
  metrics?: Pick<Metrics, 'job'>;
}) =>
  createPeriodicJob({
    intervalMs: input.intervalMs,
    log: input.log,
    failureMessage: 'Terminerinnerung fehlgeschlagen',
    ...(input.metrics ? { metrics: { of: input.metrics, name: 'terminerinnerung' } } : {}),
    run: async () => {
      const reminded = await runReminderJob(input.db, input.now());
      if (reminded > 0) await input.mail.flush();
      return reminded;
    },
  });
