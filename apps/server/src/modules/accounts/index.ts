export { assertEmailConfirmed } from './accounts.service.ts';
