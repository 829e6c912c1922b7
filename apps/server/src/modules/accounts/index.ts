export { assertEmailConfirmed } from './accounts.service.ts';
export { MAIL_TEXTS, mailLinks, PLATFORM } from './mail-texts.ts';
