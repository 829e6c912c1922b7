import type { ModuleDescriptor } from '../module-descriptor.ts';
import { erasePatient, type FindAccount } from './mail.erase.ts';
import { exportPatient } from './mail.export.ts';
import { startMailWorker } from './mail.service.ts';
import { createMailTransport } from './mail.transport.ts';

/**
 * The mail outbox; app.ts starts its worker (provides.mailOutbox) before the modules, which flush it (AppDeps.mail).
 * Mail sits below users in the module graph (users sends mail), so the account look-up of erasure and export is
 * handed in by modules/index.ts.
 */
export const mailModule = (findAccount: FindAccount): ModuleDescriptor => ({
  name: 'mail',
  erasePatient: (tx, userId) => erasePatient(tx, userId, findAccount),
  exportPatient: (db, userId) => exportPatient(db, userId, findAccount),
  provides: {
    mailOutbox: ({ db, config, log, metrics }) =>
      startMailWorker({
        db,
        log,
        metrics,
        transport: createMailTransport({
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          dataDir: config.dataDir,
          // Without SMTP_URL mails become files. On the embedded demo database the log names the links too, so
          // someone without a mail server can follow registration and reset mails; on a database server (a real
          // installation missing its SMTP_URL) the links carry live codes and stay out of the log.
          onFileWritten: (file, mail) =>
            log.info(
              {
                file,
                subject: mail.subject,
                ...(config.databaseUrl ? {} : { links: mail.text.match(/https?:\/\/\S+/g) ?? [] }),
              },
              'Mail abgelegt',
            ),
        }),
      }),
  },
});
