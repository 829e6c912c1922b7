import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { mailOutbox } from './mail.table.ts';
import { enqueueMail, startMailWorker } from './mail.service.ts';
import { createMailTransport } from './mail.transport.ts';

let database: TestDatabase;
let smtp: SmtpCapture;
const log = { warn: () => undefined };
beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startSmtpCapture()]);
});
afterAll(async () => {
  await smtp.close();
  await database.drop();
});

const transport = (smtpUrl: string) =>
  createMailTransport({
    smtpUrl,
    from: 'Test <test@localhost>',
    dataDir: '/nonexistent',
    onFileWritten: () => undefined,
  });

describe('mail outbox', () => {
  it('delivers an enqueued mail over SMTP with German text intact and marks it sent', async () => {
    const worker = startMailWorker({ db: database.handle.db, transport: transport(smtp.url), log, intervalMs: 60_000 });
    await enqueueMail(database.handle.db, { to: 'paula@demo.de', subject: 'Bestätigung', text: 'Grüße äöüß' });
    await worker.flush();
    const mail = await smtp.waitFor((m) => m.to === 'paula@demo.de');
    expect(mail).toMatchObject({ subject: 'Bestätigung' });
    expect(mail.text).toContain('Grüße äöüß');
    const rows = await database.handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'paula@demo.de'));
    expect(rows[0]?.sentAt).toBeInstanceOf(Date);
    await worker.stop();
  });

  it('keeps a mail with its error and a later attempt when the server is down, and sends it once it is back', async () => {
    const down = startMailWorker({
      db: database.handle.db,
      transport: transport('smtp://127.0.0.1:9'),
      log,
      intervalMs: 60_000,
    });
    await enqueueMail(database.handle.db, { to: 'later@demo.de', subject: 'Später', text: 'Hallo' });
    await down.flush();
    await down.stop();
    const [failed] = await database.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'later@demo.de'));
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed?.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    await database.handle.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, failed!.id));
    const up = startMailWorker({ db: database.handle.db, transport: transport(smtp.url), log, intervalMs: 60_000 });
    await up.flush();
    await smtp.waitFor((m) => m.to === 'later@demo.de');
    await up.stop();
  });
});
