import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
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

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file under {dataDir}/mail. */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await smtp.sendMail({ from: options.from, ...mail });
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(options.dataDir, 'mail');
  return {
    async send(mail) {
      const info = await stream.sendMail({ from: options.from, ...mail });
      await mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.onFileWritten(file, mail);
    },
    close: () => stream.close(),
  };
}
