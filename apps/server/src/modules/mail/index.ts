export { type MailAttachment } from './mail.table.ts';
export { enqueueMail, startMailWorker, MAX_MAIL_ATTEMPTS, type MailWorker } from './mail.service.ts';
export { createMailTransport, type MailTransport, type OutgoingMail } from './mail.transport.ts';
export { MAIL_TEXTS, mailLinks, PLATFORM, platformMail, type Recipient } from './mail-texts.ts';
