export { assertEmailConfirmed } from './accounts.service.ts';
export { MAIL_TEXTS, mailLinks, PLATFORM, platformMail, type Recipient } from './mail-texts.ts';
