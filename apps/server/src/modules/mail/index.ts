export { type MailAttachment } from './mail.table.ts';
export { erasePatient } from './mail.erase.ts';
export { enqueueMail, startMailWorker, MAX_MAIL_ATTEMPTS, type MailWorker } from './mail.service.ts';
export { createMailTransport, type MailTransport, type OutgoingMail } from './mail.transport.ts';
