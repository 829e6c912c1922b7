import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { exportKey } from '../../lib/patient-export.ts';
import { mailOutbox, type MailAttachment } from './mail.table.ts';

// The outbox's statements (mail.service.ts holds the worker and its backoff). A mail per booking, a claim per
// batch: prepared once per connection (db/prepared.ts).

type Db = Database | Transaction;

export type OutboxRow = typeof mailOutbox.$inferSelect;

const insertMail = preparedStatement('mail_einreihen', (db, name) =>
  db
    .insert(mailOutbox)
    .values({
      recipient: sql.placeholder('recipient'),
      subject: sql.placeholder('subject'),
      text: sql.placeholder('text'),
      attachments: sql.placeholder('attachments'),
    })
    .prepare(name),
);

export async function insertOutboxMail(
  db: Db,
  values: { recipient: string; subject: string; text: string; attachments: MailAttachment[] },
): Promise<void> {
  await insertMail(db).execute(values);
}

const claimDueMails = preparedStatement('mail_faellige_nehmen', (db, name) =>
  db
    .select()
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        // the database's clock, as the default of next_attempt_at: the server's Date has whole milliseconds, so a
        // mail enqueued in the same millisecond (microseconds later) was not yet due for it
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        lt(mailOutbox.attempts, sql.placeholder('maxAttempts')),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true })
    .prepare(name),
);

/**
 * Claims up to `limit` unsent mails that are due and have had fewer than `maxAttempts` attempts, oldest first; rows
 * locked elsewhere (another instance's round) are skipped.
 */
export const claimDueOutboxMails = (
  tx: Transaction,
  input: { maxAttempts: number; limit: number },
): Promise<OutboxRow[]> => claimDueMails(tx).execute(input);

const markMailsSent = preparedStatement('mail_gesendet', (db, name) =>
  db
    .update(mailOutbox)
    .set({ sentAt: sql`${sql.placeholder('now')}`, lastError: null })
    .where(sql`${mailOutbox.id} = any(${sql.placeholder('ids')})`)
    .prepare(name),
);

export async function markOutboxMailsSent(tx: Transaction, ids: number[], now: Date): Promise<void> {
  await markMailsSent(tx).execute({ now, ids });
}

/** A failed attempt: counted, its error kept, the next one due `delayMs` after the database's now. */
export async function recordOutboxFailure(
  tx: Transaction,
  id: number,
  input: { attempts: number; lastError: string; delayMs: number },
): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({
      attempts: input.attempts,
      lastError: input.lastError,
      nextAttemptAt: sql`now() + ${`${input.delayMs} milliseconds`}::interval`,
    })
    .where(eq(mailOutbox.id, id));
}

/** The outbox's unsent mails as the metrics show them; one read over the index of unsent mails. */
export interface OutboxState {
  /** Still to send (fewer than maxAttempts attempts). */
  pending: number;
  /** Of those, the ones whose earlier attempts failed. */
  retrying: number;
  /** Given up after maxAttempts attempts. */
  dead: number;
  /** Age of the oldest one still to send; 0 when none. */
  oldestPendingSeconds: number;
}

export async function outboxState(db: Database, maxAttempts: number): Promise<OutboxState> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${mailOutbox.attempts} < ${maxAttempts})`.mapWith(Number),
      retrying:
        sql<number>`count(*) filter (where ${mailOutbox.attempts} > 0 and ${mailOutbox.attempts} < ${maxAttempts})`.mapWith(
          Number,
        ),
      dead: sql<number>`count(*) filter (where ${mailOutbox.attempts} >= ${maxAttempts})`.mapWith(Number),
      oldest:
        sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.attempts} < ${maxAttempts})), 0)`.mapWith(
          Number,
        ),
    })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt));
  return {
    pending: row?.pending ?? 0,
    retrying: row?.retrying ?? 0,
    dead: row?.dead ?? 0,
    oldestPendingSeconds: row?.oldest ?? 0,
  };
}

/** Every mail to the address, sent or not (patient erasure). */
export async function deleteMailsTo(tx: Transaction, email: string): Promise<void> {
  await tx.delete(mailOutbox).where(eq(mailOutbox.recipient, email));
}

/** The mails to the address, oldest first (self-service export). */
export const mailsTo = (db: Db, email: string): Promise<OutboxRow[]> =>
  db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(asc(mailOutbox.id));

/** The self-service export's key of the outbox: the table's SQL name. */
export const OUTBOX_EXPORT_KEY = exportKey(mailOutbox);
