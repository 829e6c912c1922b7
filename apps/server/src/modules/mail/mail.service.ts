import type { Database, Transaction } from '../../db/client.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import type { JobInstrument, Metrics } from '../../lib/metrics.ts';
import {
  claimDueOutboxMails,
  insertOutboxMail,
  markOutboxMailsSent,
  outboxState,
  recordOutboxFailure,
} from './mail.repository.ts';
import type { MailTransport, OutgoingMail } from './mail.transport.ts';

/** After this many failed attempts a mail stays in the outbox unsent, with its last error, for an operator. */
export const MAX_MAIL_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/**
 * Mails claimed per transaction: the claim and the mark as sent are one statement each for all of them, so under
 * many bookings the outbox costs a few round trips per batch instead of four per mail.
 */
const MAIL_BATCH = 20;

/** Puts a mail into the outbox, inside the caller's transaction: it is sent only if the change is committed. */
export async function enqueueMail(db: Database | Transaction, mail: OutgoingMail): Promise<void> {
  await insertOutboxMail(db, {
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    attachments: mail.attachments ?? [],
  });
}

export interface MailWorker {
  /** Sends what is due now (also called by the timer); resolves when this round is done. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Sends due outbox mails every interval, one round at a time, with exponential backoff on failure.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so several server instances never send a mail twice.
 */
export function startMailWorker(options: {
  db: Database;
  transport: MailTransport;
  log: Logger;
  intervalMs?: number;
  metrics?: Pick<Metrics, 'job' | 'gauge' | 'counter'>;
}): MailWorker {
  const { db, transport, log } = options;
  const intervalMs = options.intervalMs ?? 2000;
  const job: Pick<JobInstrument, 'record'> = options.metrics?.job('mail_ausgang', intervalMs / 1000) ?? {
    record: (pass) => pass(),
  };
  const sendFailures = options.metrics?.counter(
    'dihs_mail_send_failures_total',
    'Fehlgeschlagene Zustellversuche (jeder wird später wiederholt, bis MAX_MAIL_ATTEMPTS)',
  );
  if (options.metrics) registerOutboxGauges(options.metrics, db);
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let stopped = false;

  /** Claims up to MAIL_BATCH due mails, sends them one after the other; answers how many it claimed and sent. */
  const sendBatch = (): Promise<{ claimed: number; sent: number }> =>
    db.transaction(async (tx) => {
      const rows = await claimDueOutboxMails(tx, { maxAttempts: MAX_MAIL_ATTEMPTS, limit: MAIL_BATCH });
      const sent: number[] = [];
      for (const row of rows) {
        // a claimed mail left unsent is due again once this transaction ends
        if (stopped) break;
        try {
          await transport.send({
            to: row.recipient,
            subject: row.subject,
            text: row.text,
            ...(row.attachments.length > 0 ? { attachments: row.attachments } : {}),
          });
          sent.push(row.id);
        } catch (error) {
          const attempts = row.attempts + 1;
          const delay = Math.min(30_000 * 2 ** (attempts - 1), MAX_BACKOFF_MS);
          // The error text only: the mail itself holds personal data.
          const message = error instanceof Error ? error.message : String(error);
          log.warn({ mailId: row.id, attempts, error: message }, 'Mailversand fehlgeschlagen, neuer Versuch folgt');
          sendFailures?.inc();
          await recordOutboxFailure(tx, row.id, { attempts, lastError: message, delayMs: delay });
        }
      }
      if (sent.length > 0) {
        await markOutboxMailsSent(tx, sent, new Date());
      }
      return { claimed: rows.length, sent: sent.length };
    });

  /** One round: what is due, in batches; answers how many mails it sent (the metrics' items). */
  async function sendDue(): Promise<number> {
    let sent = 0;
    // a batch that was not full took everything due at its start; what came since is the queued round's (flush)
    for (;;) {
      const batch = await sendBatch();
      sent += batch.sent;
      if (batch.claimed !== MAIL_BATCH || stopped) return sent;
    }
  }

  /**
   * One round at a time. A flush while a round runs may come after that round claimed its batch (a booking's mail
   * committed just now), so it gets one more round after it; every flush meanwhile shares that one.
   */
  const flush = (): Promise<void> => {
    if (!running) {
      running = job
        .record(sendDue)
        .then(() => undefined)
        .finally(() => {
          running = null;
        });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return stopped ? undefined : flush();
      });
    return queued;
  };
  const timer = setInterval(() => {
    flush().catch((error: unknown) => log.warn({ error: loggableError(error) }, 'Mail-Ausgang nicht lesbar'));
  }, intervalMs);
  timer.unref();

  return {
    flush,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await queued;
      transport.close();
    },
  };
}

/**
 * The outbox's depth at scrape time (one read over the index of unsent mails): what waits, its oldest's age, what
 * is retried and what was given up (dead letters, for an operator).
 */
function registerOutboxGauges(metrics: Pick<Metrics, 'gauge'>, db: Database): void {
  let reading: Promise<Awaited<ReturnType<typeof outboxState>>> | null = null;
  // the four gauges of one scrape share one read
  const state = () => {
    reading ??= outboxState(db, MAX_MAIL_ATTEMPTS).finally(() => {
      setImmediate(() => {
        reading = null;
      });
    });
    return reading;
  };
  metrics.gauge('dihs_mail_outbox_pending', 'Noch zu sendende Mails im Ausgang', async (gauge) => {
    gauge.set((await state()).pending);
  });
  metrics.gauge(
    'dihs_mail_outbox_oldest_pending_age_seconds',
    'Alter der ältesten noch zu sendenden Mail (0: keine)',
    async (gauge) => {
      gauge.set((await state()).oldestPendingSeconds);
    },
  );
  metrics.gauge('dihs_mail_outbox_retrying', 'Noch zu sendende Mails mit fehlgeschlagenen Versuchen', async (gauge) => {
    gauge.set((await state()).retrying);
  });
  metrics.gauge(
    'dihs_mail_outbox_dead',
    `Aufgegebene Mails (${MAX_MAIL_ATTEMPTS} Versuche fehlgeschlagen), warten auf den Betrieb`,
    async (gauge) => {
      gauge.set((await state()).dead);
    },
  );
}
