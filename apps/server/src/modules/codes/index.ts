export { CODE_PURPOSES, type CodePurpose } from './codes.table.ts';
export { erasePatient } from './codes.erase.ts';
export { issueCode, consumeCode, codeUser, CODE_TTL_HOURS, type ConsumedCode } from './codes.service.ts';
