import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { MailAttachment } from './mail.table.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Text files sent along (the booking confirmation's calendar file). */
  attachments?: MailAttachment[];
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  /** Told about mails written to disk (subject and links), so a local user can follow them. */
  onFileWritten(file: string, mail: OutgoingMail): void;
}

/**
 * A nodemailer transport made with the first mail: nodemailer is loaded then, not at start, since a server may run
 * for a while before it sends anything (memory at start). `close` closes it if it was made.
 */
function lazyTransport<T extends Transporter>(make: (mailer: typeof nodemailer) => T) {
  let transport: Promise<T> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then((module) => make(module.default))),
    close: () => void transport?.then((made) => made.close()),
  };
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file under {dataDir}/mail. */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const { smtpUrl } = options;
  if (smtpUrl) {
    const smtp = lazyTransport((mailer) => mailer.createTransport(smtpUrl));
    return {
      async send(mail) {
        await (await smtp.get()).sendMail({ from: options.from, ...mail });
      },
      close: smtp.close,
    };
  }
  const stream = lazyTransport((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  const dir = path.join(options.dataDir, 'mail');
  return {
    async send(mail) {
      const info = await (await stream.get()).sendMail({ from: options.from, ...mail });
      await mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.onFileWritten(file, mail);
    },
    close: stream.close,
  };
}
